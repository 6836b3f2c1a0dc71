import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import DossierItem from './dossier_item.ts'

/**
 * JSON text columns: written as JSON, read back parsed.
 */
const json = {
  prepare: (value: unknown) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  consume: (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null)),
}

export default class Dossier extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare isPublic: boolean

  @column()
  declare status: string

  @column()
  declare color: string | null

  @column(json)
  declare settings: Record<string, unknown> | null

  @column(json)
  declare steps: Record<string, unknown>[] | null

  @column()
  declare notes: string | null

  /** Never serialized */
  @column({ serializeAs: null })
  declare secret: string | null

  @hasMany(() => DossierItem)
  declare items: HasMany<typeof DossierItem>
}
