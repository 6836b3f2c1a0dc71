import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * As `node ace configure adonis-kit` publishes it (stubs/migrations/kit_jobs.stub).
 * adonis-kit background jobs (export, import, query-wide bulk actions):
 * one record per job with its progress, cursor and result.
 */
export default class extends BaseSchema {
  protected tableName = 'kit_jobs'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id', 36).primary()
      table.string('kind', 20).notNullable()
      table.string('user_id', 191).notNullable().index()
      table.string('panel', 191).nullable()
      table.string('mount', 191).notNullable()
      table.string('tenant_key', 191).nullable()
      table.string('status', 20).notNullable().index()
      table.integer('total').notNullable().defaultTo(0)
      table.integer('processed').notNullable().defaultTo(0)
      table.integer('failed').notNullable().defaultTo(0)
      table.text('cursor').nullable()
      table.text('payload', 'longtext').notNullable()
      table.text('result', 'longtext').nullable()
      table.string('error', 500).nullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('started_at').nullable()
      table.timestamp('finished_at').nullable()
      table.timestamp('heartbeat_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
