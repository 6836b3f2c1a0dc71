import type { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Author from './author.ts'
import { TABLES } from './bench_tables.ts'

/**
 * The benchmarked resource: a title, a status (badge column, select filter,
 * tabs), a price, an author (belongs-to column) and soft deletes.
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
