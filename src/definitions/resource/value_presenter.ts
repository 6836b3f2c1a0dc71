import { DateTime } from 'luxon'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { TableRowContract } from '../../contracts/main.ts'
import { requestPresentation } from '../../i18n/localized.ts'
import { attributeHolder, modelOf, valueOf } from './record_values.ts'
import {
  DEFAULT_PRESENTATION,
  type Presentation,
  type ValueFormat,
} from '../../support/value_format.ts'

/**
 * A value's source: the record itself, or the to-one related record a
 * `relationship.attribute` name reads through.
 */
interface Readable extends ValueFormat {
  relationship(): string | null
  attribute(): string
}

/**
 * Whether a model attribute is a `@column.date()` (a calendar date, never
 * shifted by a time zone).
 */
export function isDateOnly(model: LucidModel | undefined, attribute: string): boolean {
  return model?.$getColumn?.(attribute)?.meta?.type === 'date'
}

/**
 * Fills `formatted` and `links` of table rows for the columns that declare a
 * format, with one locale, time zone and "now" for the whole page.
 */
export class RowPresenter {
  readonly #columns: Readable[]
  readonly #presentation: Presentation
  readonly #now = DateTime.now()

  constructor(columns: Readable[], presentation: Presentation = DEFAULT_PRESENTATION) {
    this.#columns = columns.filter((column) => column.hasFormat())
    this.#presentation = requestPresentation(presentation)
  }

  present(row: TableRowContract, record: LucidRow) {
    if (this.#columns.length === 0) {
      return
    }
    const formatted: Record<string, string | null> = {}
    let links: Record<string, string | null> | undefined
    for (const column of this.#columns) {
      const source = attributeHolder(record, column.relationship())
      const attribute = column.attribute()
      const presented = column.present(
        source ? valueOf(source, attribute) : null,
        record,
        this.#presentation,
        this.#now,
        isDateOnly(source ? modelOf(source) : undefined, attribute)
      )
      formatted[column.name] = presented.formatted
      if (presented.link !== undefined) {
        links ??= {}
        links[column.name] = presented.link
      }
    }
    row.formatted = formatted
    if (links) {
      row.links = links
    }
  }
}
