import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The password reset links of adonis-kit's panels (passwordReset()): one
 * live token per user and panel, its secret stored as a SHA-256 hash.
 */
export default class extends BaseSchema {
  protected tableName = 'kit_password_reset_tokens'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('panel', 100).notNullable()
      table.string('user_id', 100).notNullable()
      table.string('hash', 64).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('expires_at').notNullable()
      table.index(['panel', 'user_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
