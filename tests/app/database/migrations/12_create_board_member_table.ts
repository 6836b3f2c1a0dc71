import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Notes of boards (a has-many whose related model belongs to the tenant only
 * through its owner), and the members following a board: a many-to-many select of a tenant-scoped
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
    /* notes belong to a team only through their board */
    this.schema.createTable('board_notes', (table) => {
      table.increments('id')
      table.integer('board_id').unsigned().nullable().references('boards.id')
      table.string('body', 255).notNullable()
    })
  }

  async down() {
    this.schema.dropTable('board_notes')
    this.schema.dropTable('board_member')
  }
}
