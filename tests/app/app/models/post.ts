import { type DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany, hasOne, manyToMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany, HasOne, ManyToMany } from '@adonisjs/lucid/types/relations'
import User from './user.ts'
import PostSummary from './post_summary.ts'
import Comment from './comment.ts'
import Revision from './revision.ts'
import Label from './label.ts'

export default class Post extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare body: string | null

  @column()
  declare status: 'draft' | 'published'

  @column()
  declare authorId: number

  @belongsTo(() => User, { foreignKey: 'authorId' })
  declare author: BelongsTo<typeof User>

  /**
   * Never serialized: the kit must not put it in any prop.
   */
  @column({ serializeAs: null })
  declare secretNote: string | null

  @hasOne(() => PostSummary)
  declare summary: HasOne<typeof PostSummary>

  @hasMany(() => Comment)
  declare comments: HasMany<typeof Comment>

  @hasMany(() => Revision)
  declare revisions: HasMany<typeof Revision>

  @manyToMany(() => Label, { pivotTable: 'post_labels' })
  declare labels: ManyToMany<typeof Label>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
