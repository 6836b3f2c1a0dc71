import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Gizmos: the data-safety tests (concurrent writes, unique constraints,
 * policies that query per record). `name` and `code` are unique on their
 * own, `(shelf, position)` together.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('gizmos', (table) => {
      table.increments('id')
      table.string('name', 100).notNullable().unique()
      table.string('code', 40).nullable().unique()
      table.string('shelf', 20).nullable()
      table.integer('position').nullable()
      table.boolean('is_active').notNullable().defaultTo(false)
      table.integer('version').notNullable().defaultTo(1)
      table.timestamp('deleted_at').nullable()
      table.unique(['shelf', 'position'])
    })
  }

  async down() {
    this.schema.dropTable('gizmos')
  }
}
