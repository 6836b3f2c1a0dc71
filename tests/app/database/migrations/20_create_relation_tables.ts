import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Related tables of posts for the relation managers: has-one (summary),
 * has-many with a nullable foreign key and soft deletes (comments), has-many
 * with a non-nullable foreign key (revisions), many-to-many with pivot
 * columns (labels through post_labels).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('post_summaries', (table) => {
      table.increments('id')
      table
        .integer('post_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('posts')
        .onDelete('CASCADE')
      table.string('text', 255).notNullable()
    })
    this.schema.createTable('comments', (table) => {
      table.increments('id')
      table
        .integer('post_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('posts')
        .onDelete('SET NULL')
      table.string('body', 255).notNullable()
      table.string('visibility', 20).notNullable().defaultTo('public')
      table.timestamp('deleted_at').nullable()
    })
    this.schema.createTable('revisions', (table) => {
      table.increments('id')
      table
        .integer('post_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('posts')
        .onDelete('CASCADE')
      table.string('note', 255).notNullable()
    })
    this.schema.createTable('labels', (table) => {
      table.increments('id')
      table.string('name', 100).notNullable()
      table.string('scope', 20).notNullable().defaultTo('public')
    })
    this.schema.createTable('post_labels', (table) => {
      table.increments('id')
      table
        .integer('post_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('posts')
        .onDelete('CASCADE')
      table
        .integer('label_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('labels')
        .onDelete('CASCADE')
      table.string('role', 50).nullable()
      table.integer('position').notNullable().defaultTo(0)
      table.string('note', 100).nullable()
      table.unique(['post_id', 'label_id'])
    })
  }

  async down() {
    this.schema.dropTable('post_labels')
    this.schema.dropTable('labels')
    this.schema.dropTable('revisions')
    this.schema.dropTable('comments')
    this.schema.dropTable('post_summaries')
  }
}
