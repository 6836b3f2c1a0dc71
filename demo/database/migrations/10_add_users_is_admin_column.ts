import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Admins of the demo: they may impersonate the other users (UserPolicy).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.boolean('is_admin').notNullable().defaultTo(false)
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('is_admin')
    })
  }
}
