import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Revision extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare postId: number

  @column()
  declare note: string
}
