import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Ticket extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare subject: string

  @column()
  declare status: string

  @column()
  declare priority: number

  @column()
  declare ownerId: number
}
