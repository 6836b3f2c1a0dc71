import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from './user.ts'

export default class DossierItem extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare dossierId: number

  @column()
  declare authorId: number | null

  @belongsTo(() => User, { foreignKey: 'authorId' })
  declare author: BelongsTo<typeof User>

  @column()
  declare label: string

  @column()
  declare amountCents: number | null

  @column({ consume: (value) => Boolean(value) })
  declare done: boolean

  /** Never serialized: no entry may show it */
  @column({ serializeAs: null })
  declare token: string | null
}
