import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Listings: the columns the filter tests narrow (a status, nullable
 * booleans, a date and a datetime).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('listings', (table) => {
      table.increments('id')
      table.string('title', 120).notNullable()
      table.string('status', 20).notNullable()
      table.boolean('is_active').nullable()
      table.boolean('is_featured').nullable()
      table.date('published_on').nullable()
      table.dateTime('published_at').nullable()
      table.boolean('is_flagged').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.dropTable('listings')
  }
}
