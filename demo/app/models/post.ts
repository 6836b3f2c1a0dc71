import { type DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany, manyToMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany, ManyToMany } from '@adonisjs/lucid/types/relations'
import Author from './author.ts'
import Tag from './tag.ts'
import Comment from './comment.ts'

export default class Post extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare authorId: number

  @column()
  declare title: string

  @column()
  declare body: string | null

  @column()
  declare slug: string | null

  @column()
  declare category: string | null

  @column()
  declare subcategory: string | null

  @column()
  declare status: 'draft' | 'review' | 'published'

  @column.date()
  declare publishedOn: DateTime | null

  @column({ consume: (value) => Boolean(value) })
  declare isFeatured: boolean

  @column.dateTime()
  declare deletedAt: DateTime | null

  @belongsTo(() => Author)
  declare author: BelongsTo<typeof Author>

  @manyToMany(() => Tag, { pivotTable: 'post_tag' })
  declare tags: ManyToMany<typeof Tag>

  @hasMany(() => Comment)
  declare comments: HasMany<typeof Comment>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
