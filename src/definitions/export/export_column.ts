import type { LucidRow } from '@adonisjs/lucid/types/model'
import { ValueFormat } from '../../support/value_format.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { valueOf } from '../resource/record_values.ts'

/**
 * One column of an export: an attribute of the record (or a computed
 * state), formatted like a table column with the shared value formats
 * (`date()`, `number()`, `money()`, `prefix()`...).
 *
 * @example
 * ```ts
 * ExportColumn.make('title')
 * ExportColumn.make('createdAt').label('Created').dateTime()
 * ExportColumn.make('total').state((order) => order.cents / 100).number(2)
 * ```
 */
export class ExportColumn extends ValueFormat {
  #label?: string
  #state?: (record: LucidRow) => unknown

  constructor(readonly name: string) {
    super()
    if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new KitConfigurationException(
        `ExportColumn.make(): ${JSON.stringify(name)} is not an attribute name`
      )
    }
  }

  /**
   * Declare an export column.
   */
  static make(name: string): ExportColumn {
    return new ExportColumn(name)
  }

  /**
   * The header of the column (default: the attribute name).
   */
  label(label: string): this {
    this.#label = label
    return this
  }

  getLabel(): string {
    return this.#label ?? this.name
  }

  /**
   * Compute the value from the record instead of reading the attribute.
   */
  state(callback: (record: LucidRow) => unknown): this {
    this.#state = callback
    return this
  }

  /**
   * Whether the column needs the record itself (a `state()` or a link
   * computed from it), not only its attribute's value.
   */
  override readsRecord(): boolean {
    return this.#state !== undefined || super.readsRecord()
  }

  /**
   * The raw value of the column for one record.
   */
  valueOf(record: LucidRow): unknown {
    return this.#state ? this.#state(record) : valueOf(record, this.name)
  }
}
