import { KitConfigurationException } from '../../support/errors.ts'
import { Action } from '../table/actions/action.ts'
import { sentenceCase } from '../resource/labels.ts'

/**
 * One column an import reads: the model attribute it fills, and the CSV
 * headers it is matched to when no mapping is given (its name and label,
 * case-insensitive, and `guess()` aliases).
 *
 * @example
 * ```ts
 * ImportColumn.make('email').label('E-mail').guess(['mail', 'courriel'])
 * ```
 */
export class ImportColumn {
  #label?: string
  #aliases: string[] = []

  constructor(readonly name: string) {
    if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new KitConfigurationException(
        `ImportColumn.make(): ${JSON.stringify(name)} is not an attribute name`
      )
    }
  }

  /**
   * Declare an import column.
   */
  static make(name: string): ImportColumn {
    return new ImportColumn(name)
  }

  /**
   * The column's label (also matched against CSV headers).
   */
  label(label: string): this {
    this.#label = label
    return this
  }

  /**
   * The column's label: the declared one, else the attribute in sentence
   * case (`fullName`: "Full name").
   */
  getLabel() {
    return this.#label ?? sentenceCase(this.name)
  }

  /**
   * Whether `label()` named the column.
   */
  hasOwnLabel() {
    return this.#label !== undefined
  }

  /**
   * Other CSV headers this column is matched to.
   */
  guess(headers: string[]): this {
    this.#aliases = [...headers]
    return this
  }

  /**
   * The CSV headers matched to this column when no mapping is given.
   */
  headers(): string[] {
    return [this.name, this.getLabel(), ...this.#aliases].map((header) =>
      header.trim().toLowerCase()
    )
  }
}

/**
 * A header action that imports a CSV file or the first worksheet of an XLSX
 * workbook: the rows are mapped to the
 * declared columns, each row is validated with the resource's Rules class
 * and written through the kit's mutation sequence (authorization, hooks,
 * tenancy), as a background job. A dry run validates without writing; the
 * refused rows and their errors are a downloadable report. With `key()`,
 * a row whose key exists updates that record: a re-run changes nothing.
 *
 * @example
 * ```ts
 * ImportAction.make('import')
 *   .authorizeUsing(({ user }) => user?.isAdmin === true)
 *   .columns([ImportColumn.make('email'), ImportColumn.make('fullName').label('Name')])
 *   .key('email')
 * ```
 */
export class ImportAction extends Action {
  #columns: ImportColumn[] = []
  #key: string | null = null
  #chunkSize = 500

  constructor(name: string) {
    super(name)
    /* the kit's operation starts the import job; this callback never runs */
    this.action(() => null)
  }

  /**
   * The columns the import fills.
   */
  columns(columns: ImportColumn[]): this {
    this.#columns = [...columns]
    return this
  }

  getColumns() {
    return this.#columns
  }

  /**
   * The attribute that identifies a record: a row whose key exists (in the
   * scoped query) updates it instead of creating one.
   */
  key(attribute: string): this {
    if (!this.#columns.some((column) => column.name === attribute)) {
      throw new KitConfigurationException(
        `ImportAction "${this.name}": key("${attribute}") must be one of its columns (declare columns() first)`
      )
    }
    this.#key = attribute
    return this
  }

  getKey() {
    return this.#key
  }

  /**
   * Rows between two progress saves (default 500).
   */
  chunkSize(size: number): this {
    if (!Number.isInteger(size) || size < 1 || size > 10_000) {
      throw new KitConfigurationException(
        `ImportAction "${this.name}": chunkSize() takes 1 to 10000`
      )
    }
    this.#chunkSize = size
    return this
  }

  getChunkSize() {
    return this.#chunkSize
  }
}
