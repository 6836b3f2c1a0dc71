import { isDeepStrictEqual } from 'node:util'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { TableContract, TableRowContract } from '../../contracts/main.ts'
import type { Column } from '../../definitions/table/columns/column.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import { columnOperation, reorderOperation } from '../../runtime/operations/actions.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import { listOf } from '../failure_messages.ts'
import { RelationSteps } from './relation_steps.ts'
import { type RecordReference } from './driver_core.ts'

/**
 * Steps of the list page's table: columns, filters, search, sort, editable columns.
 */
export abstract class TableSteps<R extends Resource<any> = Resource<any>> extends RelationSteps<R> {
  protected describeState(table: TableContract): string {
    const parts = [`page ${table.pagination.page} of ${table.pagination.lastPage}`]
    if (this.state.tenant) parts.push(this.describeTenant())
    if (this.state.parent !== null && this.state.mount?.parent) {
      parts.push(`under ${this.describeParent(this.state.parent)}`)
    }
    if (table.search) parts.push(`search "${table.search}"`)
    const filters = Object.entries(this.state.filters).map(
      ([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`
    )
    if (filters.length) parts.push(`filters ${filters.join(', ')}`)
    if (table.sort) parts.push(`sorted by ${table.sort.column} ${table.sort.direction}`)
    return parts.join(', ')
  }

  protected describeRows(rows: TableRowContract[]): string {
    if (!rows.length) return 'no records'
    return rows.map((row) => `#${row.key} "${row.title}"`).join(', ')
  }

  /**
   * Assert the table declares a column.
   */
  assertTableColumnExists(name: string): this {
    return this.assertDeclared('assertTableColumnExists', 'column', name, 'the table', () =>
      buildTable(this.resource)
        .getColumns()
        .map((column) => column.name)
    )
  }

  /**
   * Assert the table declares a filter.
   */
  assertTableFilterExists(name: string): this {
    return this.assertDeclared('assertTableFilterExists', 'filter', name, 'the table', () =>
      buildTable(this.resource)
        .getFilters()
        .map((filter) => filter.name)
    )
  }

  /**
   * Assert the records are on the current page of the table (in this order
   * with `{ inOrder: true }`).
   */
  assertCanSeeTableRecords(records: RecordReference[], options: { inOrder?: boolean } = {}): this {
    const label = `assertCanSeeTableRecords(${records.length} record${records.length === 1 ? '' : 's'})`
    return this.queue(label, async () => {
      this.assertSomeRecords(label, records)
      const { table } = await this.loadTable(label)
      this.assertSeen(label, table, records, options.inOrder === true)
    })
  }

  /**
   * An assertion over no records could never fail: refuse it.
   */
  protected assertSomeRecords(label: string, records: RecordReference[]) {
    if (!Array.isArray(records) || !records.length) {
      this.fail(label, 'no records given; pass the records (or keys) to look for')
    }
  }

  protected assertSeen(
    label: string,
    table: TableContract,
    records: RecordReference[],
    inOrder: boolean
  ) {
    const keys = table.rows.map((row) => String(row.key))
    const missing = records.filter((record) => !keys.includes(this.keyOf(record)))
    if (missing.length) {
      this.fail(
        label,
        `expected to see ${missing.map((record) => this.describeRecord(record)).join(', ')}, but the table (${this.describeState(table)}) shows ${this.describeRows(table.rows)}`,
        { actual: keys, expected: records.map((record) => this.keyOf(record)) }
      )
    }
    if (inOrder) {
      const expected = records.map((record) => this.keyOf(record))
      const seen = keys.filter((key) => expected.includes(key))
      if (seen.join() !== expected.join()) {
        this.fail(
          label,
          `expected the records in the order ${expected.map((key) => `#${key}`).join(', ')}, but the table (${this.describeState(table)}) shows them as ${seen.map((key) => `#${key}`).join(', ')}`,
          { actual: seen, expected }
        )
      }
    }
  }

  /**
   * Assert none of the records is on the current page of the table.
   */
  assertCanNotSeeTableRecords(records: RecordReference[]): this {
    const label = `assertCanNotSeeTableRecords(${records.length} record${records.length === 1 ? '' : 's'})`
    return this.queue(label, async () => {
      this.assertSomeRecords(label, records)
      const { table } = await this.loadTable(label)
      const keys = table.rows.map((row) => String(row.key))
      const seen = records.filter((record) => keys.includes(this.keyOf(record)))
      if (seen.length) {
        this.fail(
          label,
          `expected not to see ${seen.map((record) => this.describeRecord(record)).join(', ')}, but the table (${this.describeState(table)}) shows ${this.describeRows(table.rows)}`,
          { actual: keys, expected: [] }
        )
      }
    })
  }

  /**
   * Search the table (as the list page's `search` parameter; terms under two
   * characters are ignored, as on the route). `null` clears the search.
   */
  searchTable(term: string | null): this {
    const label = `searchTable(${JSON.stringify(term)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      const searchable = buildTable(this.resource)
        .getColumns()
        .filter((column) => column.isSearchable())
      if (term !== null && !searchable.length) {
        this.fail(label, `the table has no searchable column`)
      }
      this.state.search = term
    })
  }

  /**
   * Clear the search, the filters, the sort and the page.
   */
  resetTable(): this {
    return this.queue('resetTable()', () => {
      this.state.search = null
      this.state.sort = null
      this.state.filters = {}
      this.state.cursor = null
    })
  }

  /**
   * Go to the next (or previous) page of a table with `keysetPagination()`
   * through its cursor, as a renderer's next and previous links do. Fails
   * when the table has no cursors or no such page.
   */
  followTableCursor(direction: 'next' | 'previous' = 'next'): this {
    const label = `followTableCursor(${JSON.stringify(direction)})`
    return this.queue(label, async () => {
      const { table } = await this.loadTable(label)
      const cursors = table.pagination.cursors
      if (!cursors) {
        this.fail(label, 'the table has no keyset cursors (see Table.keysetPagination())')
      }
      const cursor = cursors[direction]
      if (!cursor) {
        this.fail(label, `the table (${this.describeState(table)}) has no ${direction} page`)
      }
      this.state.cursor = cursor
    })
  }

  /**
   * Apply a filter value; `null` removes the filter. The value takes the
   * filter's shape: one option of a select filter, an array of options of a
   * `multiple()` select, `true` / `false` (or `'true'` / `'false'`) for a
   * ternary filter, `{ from, until }` days (`YYYY-MM-DD`, either optional)
   * for a date-range filter. A value the filter would ignore fails.
   */
  filterTable(
    name: string,
    value:
      | string
      | string[]
      | boolean
      | { from?: string | null; until?: string | null }
      | { min?: number | string | null; max?: number | string | null }
      | { column: string; operator: string; value?: string | number | null }[]
      | null
  ): this {
    const label = `filterTable(${JSON.stringify(name)}, ${JSON.stringify(value)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      const table = buildTable(this.resource)
      const filter = table.getFilter(name)
      if (!filter) {
        this.fail(
          label,
          `no filter "${name}"; the table has: ${listOf(table.getFilters().map((item) => item.name))}`
        )
      }
      if (value === null) {
        delete this.state.filters[name]
        return
      }
      let raw: unknown = typeof value === 'boolean' ? String(value) : value
      if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
        raw = Object.fromEntries(Object.entries(raw).filter(([, bound]) => bound !== null))
      }
      const accepted = filter.parse(raw)
      const same = Array.isArray(raw)
        ? Array.isArray(accepted) && raw.some((item) => item && typeof item === 'object')
          ? JSON.stringify(accepted) ===
            JSON.stringify(
              raw.map((item: any) => ({
                column: item.column,
                operator: item.operator,
                value: item.value ?? null,
              }))
            )
          : Array.isArray(accepted) &&
            raw.length === accepted.length &&
            raw.every((item) => accepted.includes(item))
        : JSON.stringify(accepted) === JSON.stringify(raw)
      if (accepted === null || !same) {
        const contract = filter.toContract(null)
        const problem =
          contract.type === 'dateRange'
            ? `is not a range of filter "${name}"; give { from, until } days as YYYY-MM-DD`
            : contract.type === 'numericRange'
              ? `is not a range of filter "${name}"; give { min, max } numbers`
              : contract.type === 'queryBuilder'
                ? `is not a list of rules of filter "${name}"; give [{ column, operator, value }] with declared constraints (${listOf(
                    contract.constraints.map((constraint) => constraint.name)
                  )}) and their operators`
                : contract.type === 'form'
                  ? `is not a value of filter "${name}"; give { field: value } for its fields (${listOf(
                      contract.fields.map((field) => field.name)
                    )})`
                  : `is not an option of filter "${name}"; options: ${listOf(
                      contract.options.map((option) => option.value)
                    )}${contract.type === 'select' && contract.multiple ? ' (as an array)' : ''}`
        this.fail(label, `${JSON.stringify(value)} ${problem}`)
      }
      this.state.filters[name] = accepted
    })
  }

  /**
   * Fail unless the table has the column and it is sortable (or editable).
   */
  protected assertColumnIs(label: string, name: string, kind: 'sortable' | 'editable') {
    const columns = buildTable(this.resource).getColumns()
    const fits = (column: Column) =>
      kind === 'sortable' ? column.isSortable() : column.isEditable()
    const target = columns.find((candidate) => candidate.name === name)
    if (!target || !fits(target)) {
      const fitting = columns.filter(fits).map((column) => column.name)
      this.fail(
        label,
        `${target ? `column "${name}" is not ${kind}` : `no column "${name}"`}; ${kind} columns: ${listOf(fitting)}`
      )
    }
  }

  /**
   * Sort the table by a sortable column. Given records, also assert they
   * appear in that order.
   */
  sortTable(column: string, direction: 'asc' | 'desc' = 'asc', records?: RecordReference[]): this {
    const label = `sortTable(${JSON.stringify(column)}, ${JSON.stringify(direction)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      this.assertColumnIs(label, column, 'sortable')
      if (direction !== 'asc' && direction !== 'desc') {
        this.fail(label, `direction must be "asc" or "desc"`)
      }
      this.state.sort = { column, direction }
      if (records) {
        const { table } = await this.loadTable(label)
        this.assertSeen(label, table, records, true)
      }
    })
  }

  /**
   * Edit an editable column of a record, through the column's own update
   * (scoped query, `edit` authorization, the field's rule, the update
   * hooks). Validation errors are kept for `assertHasFormErrors()`. When a
   * step of the chain loaded the table before, the row's version it showed
   * goes with the value, as the list page sends it: a record changed since
   * is a conflict (`assertConflict()`).
   */
  editTableColumn(column: string, record: RecordReference, value: unknown): this {
    const label = `editTableColumn(${JSON.stringify(column)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      this.assertColumnIs(label, column, 'editable')
      const context = await this.context()
      const what = `editing column "${column}" of ${this.describeRecord(record)}`
      /* the version the row was drawn with */
      const version = await this.drawnVersion(context, record)
      const outcome = await this.attempt(label, what, () =>
        columnOperation(
          this.input(context, { record: this.keyOf(record), column }, { value, ...version })
        )
      )
      this.state.lastSubmission = `editTableColumn("${column}")`
      this.state.formErrors = outcome.errors ?? []
      this.state.record = (outcome.value?.result as LucidRow | undefined) ?? null
    })
  }

  /**
   * Assert the value a column shows for a record on the current page of the
   * table (as the `table` prop serializes it).
   */
  assertTableColumnStateSet(column: string, value: unknown, record: RecordReference): this {
    const label = `assertTableColumnStateSet(${JSON.stringify(column)})`
    return this.queue(label, async () => {
      const { table } = await this.loadTable(label)
      if (!table.columns.some((item) => item.name === column)) {
        this.fail(
          label,
          `no column "${column}"; the table has: ${listOf(table.columns.map((item) => item.name))}`
        )
      }
      const row = table.rows.find((candidate) => String(candidate.key) === this.keyOf(record))
      if (!row) {
        this.fail(
          label,
          `${this.describeRecord(record)} is not on the table (${this.describeState(table)}); it shows ${this.describeRows(table.rows)}`
        )
      }
      if (!isDeepStrictEqual(row.values[column], value)) {
        this.fail(
          label,
          `expected column "${column}" of ${this.describeRecord(record)} to be ${JSON.stringify(value)}, but the table shows ${JSON.stringify(row.values[column])}`,
          { actual: row.values[column], expected: value }
        )
      }
    })
  }

  /**
   * Assert the text a formatted column shows for a record on the current
   * page (`formatted[column]` of the row: `date()`, `money()`… applied in
   * the panel's locale and time zone).
   */
  assertTableColumnFormattedStateSet(
    column: string,
    text: string | null,
    record: RecordReference
  ): this {
    const label = `assertTableColumnFormattedStateSet(${JSON.stringify(column)})`
    return this.queue(label, async () => {
      const { table } = await this.loadTable(label)
      const declared = table.columns.find((item) => item.name === column)
      if (!declared?.format) {
        this.fail(
          label,
          `no formatted column "${column}"; formatted columns: ${listOf(
            table.columns.filter((item) => item.format).map((item) => item.name)
          )}`
        )
      }
      const row = table.rows.find((candidate) => String(candidate.key) === this.keyOf(record))
      if (!row) {
        this.fail(
          label,
          `${this.describeRecord(record)} is not on the table (${this.describeState(table)}); it shows ${this.describeRows(table.rows)}`
        )
      }
      const shown = row.formatted?.[column] ?? null
      if (shown !== text) {
        this.fail(
          label,
          `expected column "${column}" of ${this.describeRecord(record)} to show ${JSON.stringify(text)}, but it shows ${JSON.stringify(shown)}`,
          { actual: shown, expected: text }
        )
      }
    })
  }

  /**
   * Assert a column summary over every row the table selects (search,
   * filters and tab applied): its value, and its formatted text when given.
   */
  assertTableSummary(
    column: string,
    kind: 'count' | 'sum' | 'average' | 'min' | 'max',
    expected: { value?: number | null; formatted?: string | null }
  ): this {
    const label = `assertTableSummary(${JSON.stringify(column)}, ${JSON.stringify(kind)})`
    return this.queue(label, async () => {
      const { table } = await this.loadTable(label)
      const summary = table.summaries?.find(
        (candidate) => candidate.column === column && candidate.kind === kind
      )
      if (!summary) {
        this.fail(
          label,
          `no ${kind} summary of column "${column}"; the table summarizes: ${listOf(
            (table.summaries ?? []).map((candidate) => `${candidate.column}.${candidate.kind}`)
          )}`
        )
      }
      for (const key of ['value', 'formatted'] as const) {
        if (key in expected && !isDeepStrictEqual(summary[key], expected[key])) {
          this.fail(
            label,
            `expected the ${kind} of "${column}" (${this.describeState(table)}) to have ${key} ${JSON.stringify(expected[key])}, but it is ${JSON.stringify(summary[key])}`,
            { actual: summary[key], expected: expected[key] }
          )
        }
      }
    })
  }

  /**
   * Set a toggle column of a record (through the editable-column endpoint).
   */
  toggleTableColumn(column: string, record: RecordReference, value: boolean): this {
    return this.editTableColumn(column, record, value)
  }

  /**
   * Choose an option of a select column of a record.
   */
  selectTableColumn(column: string, record: RecordReference, value: string): this {
    return this.editTableColumn(column, record, value)
  }

  /**
   * Type into a text-input column of a record.
   */
  typeInTableColumn(column: string, record: RecordReference, value: string | number): this {
    return this.editTableColumn(column, record, value)
  }

  /**
   * Assert the active-filter indicators the table shows, in order (their
   * labels, as the server writes them).
   */
  assertTableIndicators(labels: string[]): this {
    const label = `assertTableIndicators(${JSON.stringify(labels)})`
    return this.queue(label, async () => {
      const { table } = await this.loadTable(label)
      const actual = (table.indicators ?? []).map((indicator) => indicator.label)
      if (!isDeepStrictEqual(actual, labels)) {
        this.fail(label, `the table shows the indicators ${JSON.stringify(actual)}`, {
          actual,
          expected: labels,
        })
      }
    })
  }

  /**
   * Reorder records of a reorderable table (the keys in their new order):
   * through the reorder endpoint (scoped query, `edit` on each record, one
   * transaction). Refusals are kept for `assertHasFormErrors()`.
   */
  reorderTable(records: RecordReference[]): this {
    const label = `reorderTable(${records.length} records)`
    return this.queue(label, async () => {
      await this.resolveMount()
      if (!buildTable(this.resource).getReorderColumn()) {
        this.fail(label, 'the table is not reorderable; declare reorderable(column)')
      }
      const context = await this.context()
      const outcome = await this.attempt(label, 'reordering records', () =>
        reorderOperation(
          this.input(
            context,
            {},
            {
              records: records.map((record) => this.keyOf(record)),
              sort: this.state.sort?.column ?? null,
            }
          )
        )
      )
      this.state.lastSubmission = 'reorderTable()'
      this.state.formErrors = outcome.errors ?? []
    })
  }

  /**
   * Assert the group titles of the current page, in order (a grouped
   * table: one title per group header).
   */
  assertTableGroups(titles: string[]): this {
    const label = `assertTableGroups(${JSON.stringify(titles)})`
    return this.queue(label, async () => {
      const { table } = await this.loadTable(label)
      if (!table.group) this.fail(label, 'the table is not grouped; declare groupBy(column)')
      const actual: string[] = []
      for (const row of table.rows) {
        if (actual.at(-1) !== row.group) actual.push(row.group ?? '')
      }
      if (!isDeepStrictEqual(actual, titles)) {
        this.fail(label, `the table shows the groups ${JSON.stringify(actual)}`, {
          actual,
          expected: titles,
        })
      }
    })
  }
}
