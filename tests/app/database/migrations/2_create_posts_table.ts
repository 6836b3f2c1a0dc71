import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('posts', (table) => {
      table.increments('id')
      table.string('title', 255).notNullable()
      table.text('body').nullable()
      table.string('status', 20).notNullable().defaultTo('draft')
      table.integer('author_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.string('secret_note').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('posts')
  }
}
