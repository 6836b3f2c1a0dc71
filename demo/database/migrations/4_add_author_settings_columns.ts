import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Authors' settings: the choice, list, JSON, color and password fields
 * (lists and objects stored as JSON text).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('authors', (table) => {
      table.boolean('newsletter').notNullable().defaultTo(false)
      table.text('topics').nullable()
      table.string('tier', 20).notNullable().defaultTo('regular')
      table.string('sponsor', 100).nullable()
      table.text('keywords').nullable()
      table.text('links').nullable()
      table.string('accent_color', 9).nullable()
      table.string('portal_password').nullable()
    })
  }

  async down() {
    this.schema.alterTable('authors', (table) => {
      table.dropColumns(
        'newsletter',
        'topics',
        'tier',
        'sponsor',
        'keywords',
        'links',
        'accent_color',
        'portal_password'
      )
    })
  }
}
