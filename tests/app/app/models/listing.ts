import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Listing extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare status: string

  @column()
  declare isActive: boolean | null

  @column()
  declare isFeatured: boolean | null

  @column.date()
  declare publishedOn: DateTime | null

  @column.dateTime()
  declare publishedAt: DateTime | null

  @column()
  declare priceCents: number | null

  @column()
  declare rating: number | string | null

  @column()
  declare website: string | null

  @column()
  declare summary: string | null

  /* hidden: a filter on it is refused */
  @column({ serializeAs: null })
  declare isFlagged: boolean
}
