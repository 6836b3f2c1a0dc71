import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class BrochurePage extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare brochureId: number

  @column()
  declare caption: string

  @column()
  declare attachment: string | null

  @column()
  declare summary: string | null

  @column()
  declare status: string | null

  @column()
  declare reviewer: string | null

  @column()
  declare internalCode: string | null

  @column()
  declare legacyRef: string | null

  @column.dateTime()
  declare deletedAt: DateTime | null
}
