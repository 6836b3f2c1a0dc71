import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * The rows of the export benchmark (`npm run bench -- export`): their own
 * table, seeded with one INSERT ... SELECT.
 */
export default class ExportItem extends BaseModel {
  static table = 'bench_export_items'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare status: string

  @column()
  declare price: number
}
