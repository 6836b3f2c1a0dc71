import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { KitConfigurationException } from '../../support/errors.ts'
import { TextEntry } from './text_entry.ts'
import { ImageEntry } from './image_entry.ts'

/**
 * What `modifyQuery()` of a repeatable entry receives: the query that loads
 * the related records.
 */
export type RepeatableQueryModifier = (query: ModelQueryBuilderContract<LucidModel>) => void

/**
 * A view page entry that repeats a schema of entries for each item of a
 * list: the records of a has-many (or many-to-many) relationship, loaded
 * with one query whatever their number (their own to-one relationships
 * preloaded with one more each), or a JSON column holding a list of
 * objects. Each item shows only the declared child entries: a hidden
 * attribute of the related model is refused at boot.
 *
 * @example
 * ```ts
 * RepeatableEntry.make('comments')
 *   .schema([TextEntry.make('body'), TextEntry.make('author.fullName')])
 *   .modifyQuery((query) => query.whereNull('deleted_at'))
 * ```
 */
export class RepeatableEntry extends TextEntry {
  #schema: TextEntry[] = []
  #modifyQuery: RepeatableQueryModifier | null = null

  static make(name: string): RepeatableEntry {
    return new this(name)
  }

  /**
   * The entries shown for each item, in display order (text, icon, color,
   * key-value, HTML entries; not images nor nested repeatable entries).
   */
  schema(entries: TextEntry[]): this {
    const where = `RepeatableEntry "${this.name}"`
    if (!Array.isArray(entries) || entries.length === 0) {
      throw new KitConfigurationException(`${where}: schema() takes a list of entries`)
    }
    for (const entry of entries) {
      if (!(entry instanceof TextEntry)) {
        throw new KitConfigurationException(`${where}: schema() takes TextEntry.make(...) entries`)
      }
      if (entry instanceof RepeatableEntry || entry instanceof ImageEntry) {
        throw new KitConfigurationException(
          `${where}: entry "${entry.name}" cannot be repeated (nested repeatable and image entries are not supported)`
        )
      }
    }
    this.#schema = [...entries]
    return this
  }

  getSchema(): readonly TextEntry[] {
    return this.#schema
  }

  /**
   * Narrow or order the related records (relationship entries only); they
   * are ordered by key after it.
   *
   * @example
   * ```ts
   * RepeatableEntry.make('comments').modifyQuery((query) => query.where('visibility', 'public'))
   * ```
   */
  modifyQuery(callback: RepeatableQueryModifier): this {
    this.#modifyQuery = callback
    return this
  }

  getQueryModifier(): RepeatableQueryModifier | null {
    return this.#modifyQuery
  }
}
