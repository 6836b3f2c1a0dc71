import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('projects', (table) => {
      table.increments('id')
      table.string('name', 255).notNullable()
      table.string('code', 50).notNullable()
      table.string('visibility', 20).notNullable().defaultTo('private')
      table.text('summary').nullable()
      table.string('secret_token', 100).nullable()
      table.integer('owner_id').unsigned().notNullable()
    })
    this.schema.createTable('contacts', (table) => {
      table.increments('id')
      table.string('name', 255).notNullable()
      table.string('email', 255).notNullable()
      table.integer('owner_id').unsigned().notNullable()
    })
  }

  async down() {
    this.schema.dropTable('contacts')
    this.schema.dropTable('projects')
  }
}
