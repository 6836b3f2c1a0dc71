import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Teams (the tenants of the workspace panel), their members and their
 * projects.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('teams', (table) => {
      table.increments('id')
      table.string('slug', 60).notNullable().unique()
      table.string('name').notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
    this.schema.createTable('team_user', (table) => {
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.primary(['team_id', 'user_id'])
    })
    this.schema.createTable('projects', (table) => {
      table.increments('id')
      table.integer('team_id').unsigned().notNullable().references('teams.id').onDelete('CASCADE')
      table.string('name').notNullable()
      table.string('status', 20).notNullable().defaultTo('active')
      table.integer('budget_cents').nullable()
      table.string('website').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('projects')
    this.schema.dropTable('team_user')
    this.schema.dropTable('teams')
  }
}
