import { type DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { BaseModel, beforeSave, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import Post from './post.ts'

/**
 * A JSON text column: written as JSON, read back parsed.
 */
const json = {
  prepare: (value: unknown) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  consume: (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null)),
}

export default class Author extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number | null

  @column()
  declare name: string

  @column()
  declare email: string

  @column()
  declare bio: string | null

  @column({ consume: (value) => Boolean(value) })
  declare newsletter: boolean

  @column(json)
  declare topics: string[] | null

  @column()
  declare tier: string

  @column()
  declare sponsor: string | null

  @column(json)
  declare keywords: string[] | null

  @column(json)
  declare links: Record<string, string> | null

  @column()
  declare accentColor: string | null

  /** Hashed by the model; never serialized, never sent to the panel */
  @column({ serializeAs: null })
  declare portalPassword: string | null

  @beforeSave()
  static async hashPortalPassword(author: Author) {
    if (author.$dirty.portalPassword && author.portalPassword) {
      author.portalPassword = await hash.make(author.portalPassword)
    }
  }

  @hasMany(() => Post)
  declare posts: HasMany<typeof Post>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
