import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Profiles: the choice, list, JSON, color and password fields and the
 * field affordances (read-only, disabled, hidden, conditional fields).
 * Lists and objects are stored as JSON text.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('profiles', (table) => {
      table.increments('id')
      table.string('name', 100).notNullable()
      table.boolean('is_public').notNullable().defaultTo(false)
      table.text('channels').nullable()
      table.string('plan', 20).notNullable().defaultTo('free')
      table.string('company', 100).nullable()
      table.text('tags').nullable()
      table.text('settings').nullable()
      table.string('color', 9).nullable()
      table.string('password', 255).nullable()
      table.string('locked_note', 100).nullable()
      table.string('internal_code', 40).nullable()
      table.string('archived_reason', 100).nullable()
    })
  }

  async down() {
    this.schema.dropTable('profiles')
  }
}
