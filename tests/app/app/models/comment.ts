import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Comment extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare postId: number | null

  @column()
  declare body: string

  @column()
  declare visibility: string

  @column.dateTime()
  declare deletedAt: DateTime | null
}
