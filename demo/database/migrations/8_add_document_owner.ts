import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A document may name the author who owns it (a relationship select whose
 * chosen author can be renamed in place, with its option form).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('documents', (table) => {
      table.integer('owner_id').unsigned().nullable().references('authors.id').onDelete('SET NULL')
    })
  }

  async down() {
    this.schema.alterTable('documents', (table) => {
      table.dropForeign(['owner_id'])
      table.dropColumn('owner_id')
    })
  }
}
