import { localize, type LocalizedText } from '../../../i18n/localized.ts'
import { sentenceCase } from '../../resource/labels.ts'
import type { TableColumnContract } from '../../../contracts/main.ts'
import { ValueFormat } from '../../../support/value_format.ts'
import { KitConfigurationException } from '../../../support/errors.ts'
import { castBoolean } from './icon_options.ts'
import type { ColumnKit } from './column_kit.ts'
import { SUMMARY_KINDS, type ColumnSummary, type SummaryKind } from '../summaries.ts'
import { assertSearchStrategy, type SearchStrategy } from '../../../support/search_sql.ts'

/**
 * What a column's description shows: another attribute of the record, or a
 * callback of the record.
 */
export type ColumnDescription = string | ((record: any) => string | null | undefined)

/**
 * Base class of table columns. A column reads a model property (`title`) or
 * one attribute of a to-one relationship (`author.fullName`), which the
 * table eager-loads so a page runs the same number of queries whatever its
 * size. Formats (`date()`, `money()`, `limit()`, `url()`…) come from
 * `ValueFormat`.
 */
export abstract class Column extends ValueFormat {
  #label?: LocalizedText
  #searchable = false
  #searchStrategy: SearchStrategy = 'contains'
  #sortable = false
  #editable = false
  #richText = false
  #boolean = false
  #summaries: ColumnSummary[] = []
  #description: ColumnDescription | null = null
  #toggleable: { hiddenByDefault: boolean } | null = null

  constructor(
    /** Model property, or `relationship.attribute` */
    readonly name: string
  ) {
    super()
  }

  /**
   * Create a column.
   */
  static make<T extends Column>(this: new (name: string) => T, name: string): T {
    return new this(name)
  }

  /**
   * Label shown in the column header (default: the attribute in sentence case).
   */
  label(label: LocalizedText): this {
    this.#label = label
    return this
  }

  /**
   * Include the column in the table search, optionally with a search
   * strategy: `contains` (the default), `prefix` or `fulltext` (see
   * `SearchStrategy` for the SQL and the index that serves each).
   *
   * @example
   * ```ts
   * TextColumn.make('title').searchable('fulltext')
   * ```
   */
  searchable(searchable: boolean | SearchStrategy = true): this {
    if (typeof searchable === 'boolean') {
      this.#searchable = searchable
      return this
    }
    this.#searchStrategy = assertSearchStrategy(searchable, `column "${this.name}"`)
    this.#searchable = true
    return this
  }

  /**
   * How the table search matches this column.
   */
  searchStrategy(): SearchStrategy {
    return this.#searchStrategy
  }

  /**
   * Allow sorting the table by this column.
   */
  sortable(sortable = true): this {
    this.#sortable = sortable
    return this
  }

  /**
   * Let the value be edited from the table. The update runs through its own
   * endpoint: resolved through the scoped query, authorized with `edit`,
   * validated with the resource's rule for this field, in a transaction with
   * the update hooks.
   */
  editable(editable = true): this {
    this.#editable = editable
    return this
  }

  /**
   * Show the value as a boolean: drivers that store booleans as integers
   * (SQLite, MySQL `tinyint(1)`) give 1/0, which the table contract casts
   * to true/false (renderers show Yes/No). Null stays null.
   */
  boolean(boolean = true): this {
    this.#boolean = boolean
    return this
  }

  /**
   * Show an aggregate under the column, computed over every row the list
   * selects (search, filters and tab applied), not only the page: `count`,
   * `sum`, `average`, `min` or `max`. Call it once per aggregate. Sums,
   * averages, minimums and maximums use the column's format.
   *
   * @example
   * ```ts
   * TextColumn.make('priceCents').money('EUR', { divideBy: 100 }).summarize('sum').summarize('average')
   * ```
   */
  summarize(kind: SummaryKind, label?: string): this {
    if (!SUMMARY_KINDS.includes(kind)) {
      throw new KitConfigurationException(
        `Column "${this.name}": summarize() takes ${SUMMARY_KINDS.join(', ')}; got ${JSON.stringify(kind)}`
      )
    }
    if (this.name.includes('.')) {
      throw new KitConfigurationException(
        `Column "${this.name}": summaries are computed on the model's own columns, not through a relationship`
      )
    }
    if (this.#summaries.some((summary) => summary.kind === kind)) {
      throw new KitConfigurationException(
        `Column "${this.name}": the ${kind} summary is declared twice`
      )
    }
    this.#summaries.push({ kind, label: label ?? sentenceCase(kind) })
    return this
  }

  /**
   * Show a second line under the value: another attribute of the record
   * (a visible column of the model) or a callback of the record.
   *
   * @example
   * ```ts
   * TextColumn.make('title').description('summary')
   * TextColumn.make('title').description((record) => `#${record.id}`)
   * ```
   */
  description(description: ColumnDescription): this {
    this.#description = description
    return this
  }

  getDescription(): ColumnDescription | null {
    return this.#description
  }

  /**
   * Let people hide and show the column from the "Columns" menu;
   * `hiddenByDefault` hides it until a person shows it.
   *
   * @example
   * ```ts
   * TextColumn.make('summary').toggleable({ hiddenByDefault: true })
   * ```
   */
  toggleable(options: { hiddenByDefault?: boolean } | boolean = true): this {
    if (options === false) {
      this.#toggleable = null
      return this
    }
    this.#toggleable = { hiddenByDefault: options === true ? false : !!options.hiddenByDefault }
    return this
  }

  isToggleable() {
    return this.#toggleable !== null
  }

  /**
   * The column's value is rich HTML: an edit through the column's endpoint
   * is sanitized with the rich editor's allow-list, as a `RichEditor`
   * field's is (a column whose attribute has a `RichEditor` or
   * `MarkdownEditor` form field is sanitized by that field already).
   */
  richText(richText = true): this {
    this.#richText = richText
    return this
  }

  isRichText() {
    return this.#richText
  }

  /**
   * Why a value sent to the column's endpoint is refused before the Rules
   * validation (null when it is accepted): editable column kinds narrow it.
   */
  refuseValue(_value: unknown): string | null {
    return null
  }

  /**
   * The value the column's endpoint validates (editable kinds normalize it).
   */
  normalizeValue(value: unknown): unknown {
    return value
  }

  /**
   * Hook: the cell's value as the table contract carries it, from the
   * attribute's value (cast and sanitized). Override when the cell shows
   * something the runtime resolves (an image's URL).
   */
  async cellValue(value: unknown, _kit: ColumnKit): Promise<unknown> {
    return value
  }

  getSummaries(): readonly ColumnSummary[] {
    return this.#summaries
  }

  isBoolean() {
    return this.#boolean
  }

  /**
   * The serialized value as the contract carries it (booleans cast).
   */
  castValue<Value>(value: Value): Value | boolean {
    if (!this.#boolean || value === null || value === undefined || typeof value === 'boolean') {
      return value
    }
    return castBoolean(value)
  }

  isEditable() {
    return this.#editable
  }

  isSearchable() {
    return this.#searchable
  }

  isSortable() {
    return this.#sortable
  }

  /**
   * The relationship the column reads through, if any.
   */
  relationship(): string | null {
    const dot = this.name.indexOf('.')
    return dot === -1 ? null : this.name.slice(0, dot)
  }

  /**
   * The attribute the column reads (on the model or the related model).
   */
  attribute(): string {
    const dot = this.name.indexOf('.')
    return dot === -1 ? this.name : this.name.slice(dot + 1)
  }

  getLabel() {
    return this.#label === undefined
      ? sentenceCase(this.name.replace('.', ' '))
      : localize(this.#label)
  }

  /**
   * Serialize the column for the table contract.
   */
  toContract(): TableColumnContract {
    const contract: TableColumnContract = {
      name: this.name,
      label: this.getLabel(),
      type: 'text',
      searchable: this.#searchable,
      sortable: this.#sortable,
      editable: this.#editable,
    }
    if (this.hasFormat()) {
      contract.format = this.formatContract()
    }
    if (this.#description !== null) {
      contract.description = true
    }
    if (this.#toggleable) {
      contract.toggleable = true
      contract.hiddenByDefault = this.#toggleable.hiddenByDefault
    }
    return contract
  }
}
