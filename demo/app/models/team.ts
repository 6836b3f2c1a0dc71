import { type DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { KitUser, TenantAccess } from 'adonis-kit'

/**
 * A team: the tenant of the workspace panel. Its members are the users of
 * the team_user table.
 */
export default class Team extends BaseModel implements TenantAccess {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare slug: string

  @column()
  declare name: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  /**
   * The teams a user belongs to, by name (the workspace's tenant switcher).
   */
  static ofMember(userId: number) {
    return this.query()
      .whereIn('id', (query) => query.from('team_user').select('team_id').where('user_id', userId))
      .orderBy('name')
  }

  async canAccessTenant(user: KitUser | null) {
    if (!user) return false
    const row = await db.from('team_user').where({ team_id: this.id, user_id: user.id }).first()
    return Boolean(row)
  }
}
