import type { FilterIndicatorContract, TableFilterContract } from '../../contracts/main.ts'
import { contextTranslator, type KitTranslator } from '../../i18n/translator.ts'
import type { Table } from '../../definitions/table/table.ts'
import type { TableState } from './table_query.ts'

/**
 * The indicator labels of one active filter, from its contract (which
 * carries the option labels and the accepted value).
 */
function labelsOf(
  contract: TableFilterContract,
  t: KitTranslator['t']
): { label: string; rule?: number }[] {
  switch (contract.type) {
    case 'select': {
      const values = Array.isArray(contract.value) ? contract.value : [contract.value]
      const labels = values.map(
        (value) => contract.options.find((option) => option.value === value)?.label ?? value
      )
      return [{ label: `${contract.label}: ${labels.join(', ')}` }]
    }
    case 'ternary': {
      const option = contract.options.find((candidate) => candidate.value === contract.value)
      return [{ label: `${contract.label}: ${option?.label ?? contract.value}` }]
    }
    case 'dateRange':
    case 'numericRange': {
      const [low, high] =
        contract.type === 'dateRange'
          ? [contract.value?.from, contract.value?.until]
          : [contract.value?.min, contract.value?.max]
      const parts: string[] = []
      if (low !== null && low !== undefined) parts.push(t('table.indicator.from', { value: low }))
      if (high !== null && high !== undefined) {
        parts.push(t('table.indicator.until', { value: high }))
      }
      return [{ label: `${contract.label}: ${parts.join(' ')}` }]
    }
    case 'queryBuilder':
      return (contract.value ?? []).map((rule, index) => {
        const constraint = contract.constraints.find((candidate) => candidate.name === rule.column)
        const value =
          rule.value === null
            ? ''
            : ` ${constraint?.options?.find((option) => option.value === rule.value)?.label ?? rule.value}`
        return {
          rule: index,
          label: `${constraint?.label ?? rule.column} ${t(`queryBuilder.operator.${rule.operator}`)}${value}`,
        }
      })
  }
}

/**
 * The indicators of a table's active filters: one per filter with an
 * accepted value, one per rule of a query builder. Labels are written here,
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
    for (const { label, rule } of labelsOf(filter.toContract(value), t)) {
      indicators.push(
        rule === undefined ? { filter: filter.name, label } : { filter: filter.name, rule, label }
      )
    }
  }
  return indicators
}
