import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * When a user verified their email (panel().emailVerification()); null
 * until then. Users who exist already count as verified.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.timestamp('email_verified_at').nullable()
    })
    this.defer(async (db) => {
      await db.from('users').update({ email_verified_at: db.raw('CURRENT_TIMESTAMP') })
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('email_verified_at')
    })
  }
}
