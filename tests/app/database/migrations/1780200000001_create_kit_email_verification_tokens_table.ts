import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The email verification links of adonis-kit's panels
 * (emailVerification()): one live token per user and panel, bound to the
 * email it was sent to, its secret stored as a SHA-256 hash.
 */
export default class extends BaseSchema {
  protected tableName = 'kit_email_verification_tokens'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('panel', 100).notNullable()
      table.string('user_id', 100).notNullable()
      table.string('email', 254).notNullable()
      table.string('hash', 64).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('expires_at').notNullable()
      table.index(['panel', 'user_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
