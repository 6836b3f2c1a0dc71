import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Reviews: a title and a star rating (the kit-rating plugin's field).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('reviews', (table) => {
      table.increments('id')
      table.string('title').notNullable()
      table.integer('score').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('reviews')
  }
}
