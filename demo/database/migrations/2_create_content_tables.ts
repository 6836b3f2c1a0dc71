import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('authors', (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL')
      table.string('name').notNullable()
      table.string('email', 254).notNullable()
      table.text('bio').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
    this.schema.createTable('posts', (table) => {
      table.increments('id')
      table
        .integer('author_id')
        .unsigned()
        .notNullable()
        .references('authors.id')
        .onDelete('CASCADE')
      table.string('title').notNullable()
      table.text('body').nullable()
      table.string('status', 20).notNullable().defaultTo('draft')
      table.date('published_on').nullable()
      table.boolean('is_featured').notNullable().defaultTo(false)
      table.timestamp('deleted_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
    this.schema.createTable('tags', (table) => {
      table.increments('id')
      table.string('name', 60).notNullable().unique()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
    this.schema.createTable('post_tag', (table) => {
      table.increments('id')
      table.integer('post_id').unsigned().notNullable().references('posts.id').onDelete('CASCADE')
      table.integer('tag_id').unsigned().notNullable().references('tags.id').onDelete('CASCADE')
      table.unique(['post_id', 'tag_id'])
    })
    this.schema.createTable('comments', (table) => {
      table.increments('id')
      table.integer('post_id').unsigned().notNullable().references('posts.id').onDelete('CASCADE')
      table.string('author_name').notNullable()
      table.text('body').notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('comments')
    this.schema.dropTable('post_tag')
    this.schema.dropTable('tags')
    this.schema.dropTable('posts')
    this.schema.dropTable('authors')
  }
}
