import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Publisher extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column({ consume: (value) => Boolean(value) })
  declare active: boolean
}
