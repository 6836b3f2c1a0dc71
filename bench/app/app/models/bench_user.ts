import { BaseModel, column } from '@adonisjs/lucid/orm'
import { TABLES } from './bench_tables.ts'

export default class BenchUser extends BaseModel {
  static table = TABLES.users

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare email: string

  @column({ consume: (value) => Boolean(value) })
  declare isAdmin: boolean
}
