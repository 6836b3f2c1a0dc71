import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The second factors of adonis-kit's panels (twoFactor()): one row per
 * user of a user table, the TOTP secret encrypted by the application's
 * encryption, the last time step used (no code accepted twice), the
 * recovery codes as a JSON list of hashes.
 */
export default class extends BaseSchema {
  protected tableName = 'kit_two_factor'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('user_table', 100).notNullable()
      table.string('user_id', 100).notNullable()
      table.text('secret').notNullable()
      table.timestamp('confirmed_at').nullable()
      table.bigInteger('last_used_step').nullable()
      table.text('recovery_codes').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.unique(['user_table', 'user_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
