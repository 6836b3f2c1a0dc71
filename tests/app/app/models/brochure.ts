import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Brochure extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare cover: string | null

  @column()
  declare gallery: string | null

  @column()
  declare body: string | null

  @column()
  declare notes: string | null

  @column()
  declare photoUrl: string | null
}
