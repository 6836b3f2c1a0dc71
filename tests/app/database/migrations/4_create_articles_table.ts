import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('articles', (table) => {
      table.increments('id')
      table.string('title', 255).notNullable()
      table.string('status', 20).notNullable().defaultTo('draft')
      table.integer('owner_id').unsigned().notNullable()
      table.timestamp('deleted_at').nullable().index()
    })
  }

  async down() {
    this.schema.dropTable('articles')
  }
}
