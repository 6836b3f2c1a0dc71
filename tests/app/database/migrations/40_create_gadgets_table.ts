import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Every column type `make:kit-resource --generate` maps, plus the columns it
 * leaves out (keys, foreign keys, timestamps, deleted_at, remember_token); JSON
 * becomes a KeyValue field.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('gadgets', (table) => {
      table.increments('id')
      table.string('name', 120).notNullable()
      table.string('sku', 40).nullable()
      table.string('contact_email').nullable()
      table.text('description').nullable()
      table.boolean('is_active').notNullable().defaultTo(true)
      table.boolean('is_featured').notNullable()
      table.integer('stock').notNullable()
      table.bigInteger('views').nullable()
      table.decimal('price', 10, 2).nullable()
      table.float('weight').nullable()
      table.date('released_on').nullable()
      table.dateTime('available_at').nullable()
      table.timestamp('checked_at').nullable()
      table.integer('owner_id').unsigned().nullable()
      table.json('specs').nullable()
      table.string('remember_token').nullable()
      table.timestamp('deleted_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('gadgets')
  }
}
