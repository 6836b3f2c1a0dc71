import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import BrochurePage from './brochure_page.ts'
import BrochureItem from './brochure_item.ts'

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

  /** A scanned page on the private disk (signed URLs only) */
  @column()
  declare scan: string | null

  @hasMany(() => BrochurePage)
  declare pages: HasMany<typeof BrochurePage>

  @hasMany(() => BrochureItem)
  declare items: HasMany<typeof BrochureItem>
}
