import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The passkeys of adonis-kit's panels (passkeys()): a WebAuthn credential per
 * row, its public key and signature counter; the credential id is looked
 * up by its SHA-256 (unique).
 */
export default class extends BaseSchema {
  protected tableName = 'kit_passkeys'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('panel', 100).notNullable()
      table.string('user_id', 100).notNullable()
      table.string('user_handle', 64).notNullable()
      table.text('credential_id').notNullable()
      table.string('credential_hash', 64).notNullable().unique()
      table.text('public_key').notNullable()
      table.bigInteger('counter').notNullable().defaultTo(0)
      table.string('transports', 255).nullable()
      table.string('name', 100).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('last_used_at').nullable()
      table.index(['panel', 'user_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
