import { BaseModel, belongsTo, column, hasMany, hasOne, manyToMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany, HasOne, ManyToMany } from '@adonisjs/lucid/types/relations'
import Team from './team.ts'
import Task from './task.ts'
import Sticker from './sticker.ts'
import Charter from './charter.ts'
import Member from './member.ts'
import BoardNote from './board_note.ts'

export default class Board extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare teamId: number

  @belongsTo(() => Team)
  declare team: BelongsTo<typeof Team>

  @column()
  declare name: string

  @column({ consume: (value) => Boolean(value) })
  declare archived: boolean

  @hasMany(() => Task)
  declare tasks: HasMany<typeof Task>

  @manyToMany(() => Sticker)
  declare stickers: ManyToMany<typeof Sticker>

  /** The team members following the board (pivot `board_member`) */
  @manyToMany(() => Member, { pivotTable: 'board_member' })
  declare members: ManyToMany<typeof Member>

  @hasMany(() => BoardNote)
  declare notes: HasMany<typeof BoardNote>

  @hasOne(() => Charter)
  declare charter: HasOne<typeof Charter>
}
