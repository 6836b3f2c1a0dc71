import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The pages of a brochure (a relation manager with uploads, rich text and
 * field affordances; soft deletes) and its items (a repeater stored as a
 * has-many relationship).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('brochure_pages', (table) => {
      table.increments('id')
      table
        .integer('brochure_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('brochures')
        .onDelete('CASCADE')
      table.string('caption', 100).notNullable()
      table.string('attachment', 255).nullable()
      table.text('summary').nullable()
      table.string('status', 20).nullable()
      table.string('reviewer', 100).nullable()
      table.string('internal_code', 50).nullable()
      table.string('legacy_ref', 50).nullable()
      table.timestamp('deleted_at').nullable()
    })
    this.schema.createTable('brochure_items', (table) => {
      table.increments('id')
      table
        .integer('brochure_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('brochures')
        .onDelete('CASCADE')
      table.string('label', 100).notNullable()
      table.integer('quantity').notNullable().defaultTo(1)
      table.integer('position').notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.dropTable('brochure_items')
    this.schema.dropTable('brochure_pages')
  }
}
