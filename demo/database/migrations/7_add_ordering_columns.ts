import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Campaigns keep a priority order people set by reordering the table.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('campaigns', (table) => {
      table.integer('position').notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable('campaigns', (table) => {
      table.dropColumn('position')
    })
  }
}
