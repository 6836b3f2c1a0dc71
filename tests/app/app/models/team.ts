import db from '@adonisjs/lucid/services/db'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { TenantAccess, KitUser } from '../../../../index.ts'

/**
 * The tenant: members are the users of the team_user table.
 */
export default class Team extends BaseModel implements TenantAccess {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare slug: string

  @column()
  declare name: string

  async canAccessTenant(user: KitUser | null) {
    if (!user) {
      return false
    }
    const row = await db.from('team_user').where({ team_id: this.id, user_id: user.id }).first()
    return Boolean(row)
  }
}
