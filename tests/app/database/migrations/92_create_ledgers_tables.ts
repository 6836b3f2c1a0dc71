import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Ledgers: the optimistic-locking tests. A tally and notes that concurrent
 * editors change, a JSON list of keywords, a date, genres (many-to-many)
 * and an `updated_at` that keeps whole seconds on SQLite and MariaDB.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('ledgers', (table) => {
      table.increments('id')
      table.string('title', 100).notNullable()
      table.integer('tally').notNullable().defaultTo(0)
      table.text('notes').nullable()
      table.text('keywords').nullable()
      table.date('due_on').nullable()
      table.timestamp('created_at').nullable()
      table.timestamp('updated_at').nullable()
    })
    this.schema.createTable('ledger_genre', (table) => {
      table.increments('id')
      table
        .integer('ledger_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('ledgers')
        .onDelete('CASCADE')
      table.integer('genre_id').unsigned().notNullable().references('genres.id')
    })
  }

  async down() {
    this.schema.dropTable('ledger_genre')
    this.schema.dropTable('ledgers')
  }
}
