import { type DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Author from './author.ts'

export default class Document extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  /** The author who owns the document */
  @column()
  declare ownerId: number | null

  @belongsTo(() => Author, { foreignKey: 'ownerId' })
  declare owner: BelongsTo<typeof Author>

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
