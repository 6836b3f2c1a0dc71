import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The members following a board: a many-to-many select of a tenant-scoped
 * resource whose related model (members, NOT NULL team_id) belongs to the
 * tenant too.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('board_member', (table) => {
      table.increments('id')
      table.integer('board_id').unsigned().notNullable().references('boards.id').onDelete('CASCADE')
      table.integer('member_id').unsigned().notNullable().references('members.id')
    })
  }

  async down() {
    this.schema.dropTable('board_member')
  }
}
