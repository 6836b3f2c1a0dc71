import { BaseModel, column } from '@adonisjs/lucid/orm'
import { TABLES } from './bench_tables.ts'

/**
 * A label (many-to-many with items, `role` on the pivot row): 20 labels,
 * two attached to each seeded item.
 */
export default class Label extends BaseModel {
  static table = TABLES.labels

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string
}
