import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('publishers', (table) => {
      table.increments('id')
      table.string('name', 100).notNullable()
      table.boolean('active').notNullable().defaultTo(true)
    })
    this.schema.createTable('genres', (table) => {
      table.increments('id')
      table.string('name', 100).notNullable()
      table.boolean('archived').notNullable().defaultTo(false)
    })
    this.schema.createTable('books', (table) => {
      table.increments('id')
      table.string('title', 120).notNullable()
      table.integer('publisher_id').unsigned().nullable().references('publishers.id')
      table.string('country', 20).nullable()
      table.date('published_on').nullable()
      table.integer('pages').nullable()
      table.boolean('is_featured').notNullable().defaultTo(false)
    })
    this.schema.createTable('book_genre', (table) => {
      table.increments('id')
      table.integer('book_id').unsigned().notNullable().references('books.id').onDelete('CASCADE')
      table.integer('genre_id').unsigned().notNullable().references('genres.id')
      table.string('added_by', 50).nullable()
      table.integer('weight').nullable()
    })
  }

  async down() {
    this.schema.dropTable('book_genre')
    this.schema.dropTable('books')
    this.schema.dropTable('genres')
    this.schema.dropTable('publishers')
  }
}
