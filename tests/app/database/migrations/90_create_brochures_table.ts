import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Brochures: the file upload, image and rich text tests (a cover image, a
 * gallery of images as a JSON array of paths, a rich body, Markdown notes,
 * an image URL and a scan on the private disk).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('brochures', (table) => {
      table.increments('id')
      table.string('title', 100).notNullable()
      table.string('cover', 255).nullable()
      table.text('gallery').nullable()
      table.text('body').nullable()
      table.text('notes').nullable()
      table.string('photo_url', 255).nullable()
      table.string('scan', 255).nullable()
    })
  }

  async down() {
    this.schema.dropTable('brochures')
  }
}
