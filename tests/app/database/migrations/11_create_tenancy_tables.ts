import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('teams', (table) => {
      table.increments('id')
      table.string('slug', 50).notNullable().unique()
      table.string('name', 100).notNullable()
    })
    this.schema.createTable('team_user', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id')
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
    })
    this.schema.createTable('members', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id')
      table.string('name', 100).notNullable()
    })
    this.schema.createTable('boards', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id')
      table.string('name', 100).notNullable()
      table.boolean('archived').notNullable().defaultTo(false)
    })
    this.schema.createTable('tasks', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id')
      table.integer('board_id').unsigned().notNullable().references('boards.id')
      table.string('title', 100).notNullable()
      table.integer('assignee_id').unsigned().nullable().references('members.id')
      table.boolean('done').notNullable().defaultTo(false)
    })
    this.schema.createTable('stickers', (table) => {
      table.increments('id')
      table.string('name', 100).notNullable()
    })
    this.schema.createTable('board_sticker', (table) => {
      table.increments('id')
      table.integer('board_id').unsigned().notNullable().references('boards.id')
      table.integer('sticker_id').unsigned().notNullable().references('stickers.id')
    })
    this.schema.createTable('charters', (table) => {
      table.increments('id')
      table.integer('board_id').unsigned().notNullable().references('boards.id')
      table.string('body', 255).notNullable()
    })
    this.schema.createTable('documents', (table) => {
      table.increments('id')
      table.string('title', 100).notNullable()
    })
    this.schema.createTable('document_team', (table) => {
      table.increments('id')
      table.integer('document_id').unsigned().notNullable().references('documents.id')
      table.integer('team_id').unsigned().notNullable().references('teams.id')
    })
  }

  async down() {
    for (const table of [
      'document_team',
      'documents',
      'charters',
      'board_sticker',
      'stickers',
      'tasks',
      'boards',
      'members',
      'team_user',
      'teams',
    ]) {
      this.schema.dropTable(table)
    }
  }
}
