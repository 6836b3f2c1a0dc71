import { BaseModel, column } from '@adonisjs/lucid/orm'
import { TABLES } from './bench_tables.ts'

export default class Author extends BaseModel {
  static table = TABLES.authors

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare email: string
}
