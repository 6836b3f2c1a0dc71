import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Article extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare status: string

  @column()
  declare ownerId: number

  @column.dateTime()
  declare deletedAt: DateTime | null
}
