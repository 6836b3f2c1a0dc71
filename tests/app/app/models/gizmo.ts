import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Gizmo extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare code: string | null

  @column()
  declare shelf: string | null

  @column()
  declare position: number | null

  @column()
  declare isActive: boolean

  @column()
  declare version: number

  @column.dateTime()
  declare deletedAt: DateTime | null
}
