import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Charter extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare boardId: number

  @column()
  declare body: string
}
