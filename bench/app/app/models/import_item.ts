import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * The rows the import benchmark writes (`npm run bench -- import`).
 */
export default class ImportItem extends BaseModel {
  static table = 'bench_import_items'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare status: string

  @column()
  declare price: number
}
