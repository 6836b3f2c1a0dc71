import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Listings: the columns the filter tests narrow (a status, nullable
 * booleans, a date and a datetime), and the values the format tests show.
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
      /* the formatted-value tests */
      table.integer('price_cents').nullable()
      table.decimal('rating', 6, 2).nullable()
      table.string('website', 2048).nullable()
      table.text('summary').nullable()
    })
  }

  async down() {
    this.schema.dropTable('listings')
  }
}
