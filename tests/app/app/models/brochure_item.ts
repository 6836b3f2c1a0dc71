import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class BrochureItem extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare brochureId: number

  @column()
  declare label: string

  @column()
  declare quantity: number

  @column()
  declare position: number
}
