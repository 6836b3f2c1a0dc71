import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * adonis-kit notifications (the bell of the panels with notifications()):
 * one row per notification of one user.
 */
export default class extends BaseSchema {
  protected tableName = 'kit_notifications'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id', 36).primary()
      table.string('user_id', 191).notNullable()
      table.string('panel', 191).nullable()
      table.string('tenant_key', 191).nullable()
      table.string('title', 255).notNullable()
      table.text('body').nullable()
      table.string('icon', 50).nullable()
      table.string('color', 20).nullable()
      table.text('actions').nullable()
      table.timestamp('read_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
