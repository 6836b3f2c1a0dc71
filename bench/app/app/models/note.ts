import { BaseModel, column } from '@adonisjs/lucid/orm'
import { TABLES } from './bench_tables.ts'

/**
 * A note of an item (has-many): three per seeded item.
 */
export default class Note extends BaseModel {
  static table = TABLES.notes

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare itemId: number

  @column()
  declare body: string
}
