import hash from '@adonisjs/core/services/hash'
import { BaseModel, beforeSave, column } from '@adonisjs/lucid/orm'

/**
 * JSON text columns: written as JSON, read back parsed (drivers that parse
 * JSON columns themselves hand over the value).
 */
const json = {
  prepare: (value: unknown) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  consume: (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null)),
}

export default class Profile extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column({ consume: (value) => Boolean(value) })
  declare isPublic: boolean

  @column(json)
  declare channels: string[] | null

  @column()
  declare plan: string

  @column()
  declare company: string | null

  @column(json)
  declare tags: string[] | null

  @column(json)
  declare settings: Record<string, string> | null

  @column()
  declare color: string | null

  @column({ serializeAs: null })
  declare password: string | null

  @column()
  declare lockedNote: string | null

  @column({ serializeAs: null })
  declare internalCode: string | null

  @column()
  declare archivedReason: string | null

  /**
   * The password is hashed by the model, never by the kit.
   */
  @beforeSave()
  static async hashPassword(profile: Profile) {
    if (profile.$dirty.password && profile.password) {
      profile.password = await hash.make(profile.password)
    }
  }
}
