import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * A note on a board. It has no team key of its own: it belongs to a tenant
 * only through its board (or to none while dissociated).
 */
export default class BoardNote extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare boardId: number | null

  @column()
  declare body: string
}
