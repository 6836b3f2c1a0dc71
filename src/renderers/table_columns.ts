/*
 * What both renderers share to draw the column kinds (icon, color, toggle,
 * select, text input), the columns hidden by default, the active-filter
 * indicators and the query builder's rules.
 */
import type {
  FilterIndicatorContract,
  QueryBuilderConstraintContract,
  QueryBuilderFilterContract,
  TableColumnContract,
  TableContract,
  TableFilterContract,
  TableRowContract,
} from '../contracts/main.ts'
import { HIDDEN_COLUMNS_KEY } from './behaviour.ts'

const browser = globalThis as unknown as {
  localStorage?: { getItem(key: string): string | null }
}

/**
 * The columns hidden when a table is first shown: the person's stored
 * choice, else the columns the server declares `hiddenByDefault`.
 */
export function initiallyHiddenColumns(table: TableContract, label: string): string[] {
  try {
    const stored = JSON.parse(browser.localStorage?.getItem(HIDDEN_COLUMNS_KEY) ?? '{}')
    const list = stored?.[label]
    if (Array.isArray(list)) return list.filter((name) => typeof name === 'string')
  } catch {
    /* storage unavailable: the server's defaults */
  }
  return table.columns.filter((column) => column.hiddenByDefault).map((column) => column.name)
}

/**
 * The columns a person may hide: all of them, unless some declare
 * `toggleable()`, then only those.
 */
export function hideableColumns(table: TableContract): TableColumnContract[] {
  const declared = table.columns.filter((column) => column.toggleable)
  return declared.length ? declared : table.columns
}

export { safeColor } from '../contracts/colors.ts'

/**
 * The icon of an icon cell for its value, or null (no icon declared).
 */
export function cellIcon(
  column: TableColumnContract,
  row: TableRowContract
): { icon: string; color: string; label: string } | null {
  const value = row.values[column.name]
  if (value === null || value === undefined) return null
  const icon = column.icons?.[String(value)]
  return icon ? { icon: icon.icon, color: icon.color, label: icon.label ?? String(value) } : null
}

/**
 * The filter change that removes one indicator: the whole filter, or one
 * rule of a query builder (the filter is cleared with its last rule).
 */
export function withoutIndicator(
  table: TableContract,
  indicator: FilterIndicatorContract
): Record<string, TableFilterContract['value']> {
  const filter = table.filters.find((candidate) => candidate.name === indicator.filter)
  if (filter?.type === 'queryBuilder' && indicator.rule !== undefined && filter.value) {
    const rules = filter.value.filter((_rule, index) => index !== indicator.rule)
    return { [filter.name]: rules.length ? rules : null }
  }
  return { [indicator.filter]: null }
}

/**
 * How many filters are active (the badge of the "Filters" button): the
 * filters the server lists indicators for, a query builder counted once.
 */
export function activeFilterCount(table: TableContract): number {
  return new Set((table.indicators ?? []).map((indicator) => indicator.filter)).size
}

/** A rule of the query builder as a person edits it */
export type DraftRule = { column: string; operator: string; value: string | number | null }

/**
 * The constraint a rule names.
 */
export function ruleConstraint(
  filter: QueryBuilderFilterContract,
  rule: DraftRule
): QueryBuilderConstraintContract | undefined {
  return filter.constraints.find((constraint) => constraint.name === rule.column)
}

/**
 * A new rule on the filter's first constraint and operator.
 */
export function newRule(filter: QueryBuilderFilterContract, column?: string): DraftRule {
  const constraint =
    filter.constraints.find((candidate) => candidate.name === column) ?? filter.constraints[0]
  const operator = constraint?.operators[0]
  return {
    column: constraint?.name ?? '',
    operator: operator?.name ?? '',
    value: operator?.input === 'select' ? (constraint?.options?.[0]?.value ?? null) : null,
  }
}

/**
 * The kind of value input a rule's operator takes.
 */
export function ruleInput(filter: QueryBuilderFilterContract, rule: DraftRule) {
  return (
    ruleConstraint(filter, rule)?.operators.find((operator) => operator.name === rule.operator)
      ?.input ?? 'none'
  )
}

/**
 * The rules to send: those with a value where their operator takes one.
 */
export function completeRules(filter: QueryBuilderFilterContract, rules: DraftRule[]) {
  const complete = rules.filter(
    (rule) =>
      ruleInput(filter, rule) === 'none' ||
      (rule.value !== null && rule.value !== undefined && rule.value !== '')
  )
  return complete.length ? complete : null
}

/**
 * Whether a grouped table's row starts a group (a header row goes before it).
 */
export function groupStarts(table: TableContract, index: number): boolean {
  if (!table.group) return false
  return index === 0 || table.rows[index - 1]?.group !== table.rows[index]?.group
}

/**
 * The header of a row's group: the group's label and the row's group title.
 */
export function groupTitle(table: TableContract, row: TableRowContract): string {
  return `${table.group?.label ?? ''}: ${row.group || '—'}`
}

/**
 * Whether rows may be reordered now: the table is reorderable and sorted
 * by its order column (or not sorted).
 */
export function canReorder(table: TableContract): boolean {
  return (
    !!table.reorder &&
    (!table.sort || (table.sort.column === table.reorder.column && table.sort.direction === 'asc'))
  )
}

/**
 * The body of a reorder request after moving the row at `from` to `to`:
 * the page's keys in their new order and the table's sort.
 */
export function reorderBody(table: TableContract, from: number, to: number) {
  const keys = table.rows.map((row) => row.key)
  const [moved] = keys.splice(from, 1)
  keys.splice(Math.max(0, Math.min(to, keys.length)), 0, moved)
  return { records: keys, sort: table.sort?.column ?? null }
}
