import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Campaign extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare channel: string

  @column()
  declare budget: number | null

  /** The milestones repeater's items, as JSON text */
  @column()
  declare milestones: string | null

  @column()
  declare status: string

  @column()
  declare note: string | null

  /** The priority order set by reordering the table */
  @column()
  declare position: number
}
