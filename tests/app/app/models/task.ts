import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Team from './team.ts'
import Member from './member.ts'
import Board from './board.ts'

export default class Task extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare teamId: number

  @belongsTo(() => Team)
  declare team: BelongsTo<typeof Team>

  @column()
  declare boardId: number

  @belongsTo(() => Board)
  declare board: BelongsTo<typeof Board>

  @column()
  declare title: string

  @column()
  declare assigneeId: number | null

  @belongsTo(() => Member, { foreignKey: 'assigneeId' })
  declare assignee: BelongsTo<typeof Member>

  @column({ consume: (value) => Boolean(value) })
  declare done: boolean
}
