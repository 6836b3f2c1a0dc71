import type { FilterIndicatorContract } from '../../contracts/main.ts'
import { contextTranslator, type KitTranslator } from '../../i18n/translator.ts'
import type { Table } from '../../definitions/table/table.ts'
import type { TableState } from './table_query.ts'

/**
 * The indicators of a table's active filters, each filter's `indicators()`
 * of its accepted value (one, or one per rule of a query builder). Labels are written here,
 * in the request's language, so every renderer shows the same words.
 */
export function filterIndicators(
  table: Table,
  state: TableState,
  translator: KitTranslator = contextTranslator()
): FilterIndicatorContract[] {
  const indicators: FilterIndicatorContract[] = []
  const t = translator.t.bind(translator)
  for (const filter of table.getFilters()) {
    const value = state.filters[filter.name]
    if (value === undefined || value === null) continue
    for (const { label, rule } of filter.indicators(value, t)) {
      indicators.push(
        rule === undefined ? { filter: filter.name, label } : { filter: filter.name, rule, label }
      )
    }
  }
  return indicators
}
