import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A post's slug (generated from its title by a live field) and its category
 * and subcategory (a select whose options follow the category).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('posts', (table) => {
      table.string('slug', 255).nullable()
      table.string('category', 40).nullable()
      table.string('subcategory', 40).nullable()
    })
  }

  async down() {
    this.schema.alterTable('posts', (table) => {
      table.dropColumn('slug')
      table.dropColumn('category')
      table.dropColumn('subcategory')
    })
  }
}
