import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class PostSummary extends BaseModel {
  static table = 'post_summaries'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare postId: number

  @column()
  declare text: string
}
