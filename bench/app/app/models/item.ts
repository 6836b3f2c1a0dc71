import type { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany, manyToMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany, ManyToMany } from '@adonisjs/lucid/types/relations'
import Author from './author.ts'
import Label from './label.ts'
import Note from './note.ts'
import { TABLES } from './bench_tables.ts'

/**
 * The benchmarked resource: a title, a status (badge column, select filter,
 * tabs), a price, an author (belongs-to column), soft deletes, notes
 * (has-many) and labels (many-to-many with a `role` pivot column): the two
 * relation managers of the edit page.
 */
export default class Item extends BaseModel {
  static table = TABLES.items

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare status: string

  @column()
  declare price: number

  @column()
  declare authorId: number

  @belongsTo(() => Author)
  declare author: BelongsTo<typeof Author>

  @hasMany(() => Note)
  declare notes: HasMany<typeof Note>

  @manyToMany(() => Label, {
    pivotTable: TABLES.itemLabels,
    pivotForeignKey: 'item_id',
    pivotRelatedForeignKey: 'label_id',
  })
  declare labels: ManyToMany<typeof Label>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @column.dateTime()
  declare deletedAt: DateTime | null
}

/**
 * The same shape on its own table, re-seeded before each bulk-action run.
 */
export class BulkItem extends Item {
  static table = TABLES.bulkItems
}
