import { type DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Document extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  /** Path of the cover image on the Drive disk */
  @column()
  declare cover: string | null

  /** JSON array of paths on the Drive disk */
  @column()
  declare attachments: string | null

  /** Sanitized HTML */
  @column()
  declare body: string | null

  /** Markdown source */
  @column()
  declare notes: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
