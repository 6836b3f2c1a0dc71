import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Campaigns: the layout, wizard, repeater and action-form tests.
 * `milestones` holds the repeater's items as JSON.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('campaigns', (table) => {
      table.increments('id')
      table.string('name', 100).notNullable()
      table.string('channel', 20).notNullable().defaultTo('email')
      table.integer('budget').nullable()
      table.text('milestones').nullable()
      table.string('status', 20).notNullable().defaultTo('draft')
      table.string('note', 200).nullable()
    })
  }

  async down() {
    this.schema.dropTable('campaigns')
  }
}
