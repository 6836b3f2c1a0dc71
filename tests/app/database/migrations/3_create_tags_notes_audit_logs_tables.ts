import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('tags', (table) => {
      table.increments('id')
      table.string('name', 100).notNullable()
      table.string('slug', 100).notNullable()
    })
    this.schema.createTable('notes', (table) => {
      table.increments('id')
      table.text('content').notNullable()
    })
    this.schema.createTable('audit_logs', (table) => {
      table.increments('id')
      table.string('event', 50).notNullable()
      table.string('subject', 255).notNullable()
    })
  }

  async down() {
    this.schema.dropTable('audit_logs')
    this.schema.dropTable('notes')
    this.schema.dropTable('tags')
  }
}
