import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Dossiers: the infolist entry kinds (a boolean, a status, a color, a JSON
 * object of settings, a JSON list of steps, Markdown notes, a hidden
 * secret) and their items (a has-many with a to-one author and a hidden
 * token), for the repeatable entry.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('dossiers', (table) => {
      table.increments('id')
      table.string('title', 100).notNullable()
      table.boolean('is_public').notNullable().defaultTo(false)
      table.string('status', 20).notNullable().defaultTo('draft')
      table.string('color', 100).nullable()
      table.text('settings').nullable()
      table.text('steps').nullable()
      table.text('notes').nullable()
      table.string('secret', 100).nullable()
    })
    this.schema.createTable('dossier_items', (table) => {
      table.increments('id')
      table
        .integer('dossier_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('dossiers')
        .onDelete('CASCADE')
      table.integer('author_id').unsigned().nullable().references('id').inTable('users')
      table.string('label', 100).notNullable()
      table.integer('amount_cents').nullable()
      table.boolean('done').notNullable().defaultTo(false)
      table.string('token', 100).nullable()
    })
  }

  async down() {
    this.schema.dropTable('dossier_items')
    this.schema.dropTable('dossiers')
  }
}
