import type { DateTime } from 'luxon'
import { BaseModel, column, manyToMany } from '@adonisjs/lucid/orm'
import type { ManyToMany } from '@adonisjs/lucid/types/relations'
import Genre from './genre.ts'

/**
 * A JSON text column: written as JSON, read back parsed.
 */
const json = {
  prepare: (value: unknown) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  consume: (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null)),
}

export default class Ledger extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare tally: number

  @column()
  declare notes: string | null

  @column(json)
  declare keywords: string[] | null

  @column.date()
  declare dueOn: DateTime | null

  @manyToMany(() => Genre, { pivotTable: 'ledger_genre' })
  declare genres: ManyToMany<typeof Genre>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime | null

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
