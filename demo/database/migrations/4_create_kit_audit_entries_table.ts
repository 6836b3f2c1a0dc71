import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The kit's audit trail, as `node ace configure adonis-kit` publishes it
 * (stubs/migrations/kit_audit_entries.stub).
 */
export default class extends BaseSchema {
  protected tableName = 'kit_audit_entries'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('user_id', 100).nullable()
      table.string('panel', 100).nullable()
      table.string('resource', 150).notNullable()
      table.string('record_key', 150).notNullable()
      table.string('relation', 100).nullable()
      table.string('related_key', 150).nullable()
      table.string('operation', 100).notNullable()
      table.text('changes').notNullable()
      table.string('tenant', 150).nullable()
      table.string('request_id', 100).notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['resource', 'record_key', 'id'])
      table.index(['panel', 'id'])
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
