import { type DateTime } from 'luxon'
import { BaseModel, belongsTo, column, manyToMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, ManyToMany } from '@adonisjs/lucid/types/relations'
import Publisher from './publisher.ts'
import Genre from './genre.ts'

export default class Book extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare publisherId: number | null

  @belongsTo(() => Publisher)
  declare publisher: BelongsTo<typeof Publisher>

  @manyToMany(() => Genre, {
    pivotTable: 'book_genre',
    pivotColumns: ['added_by', 'weight'],
  })
  declare genres: ManyToMany<typeof Genre>

  @column()
  declare country: string | null

  @column.date()
  declare publishedOn: DateTime | null

  @column()
  declare pages: number | null

  @column({ consume: (value) => Boolean(value) })
  declare isFeatured: boolean
}
