import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Documents: a cover image and attachments on the Drive disk, a rich text
 * body and Markdown notes.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('documents', (table) => {
      table.increments('id')
      table.string('title').notNullable()
      table.string('cover').nullable()
      table.text('attachments').nullable()
      table.text('body').nullable()
      table.text('notes').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('documents')
  }
}
