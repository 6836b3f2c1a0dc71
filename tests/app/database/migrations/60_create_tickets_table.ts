import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('tickets', (table) => {
      table.increments('id')
      table.string('subject', 255).notNullable()
      table.string('status', 20).notNullable().defaultTo('open')
      table.integer('priority').notNullable().defaultTo(1)
      table.integer('owner_id').unsigned().notNullable()
    })
  }

  async down() {
    this.schema.dropTable('tickets')
  }
}
