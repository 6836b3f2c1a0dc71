import { h } from 'vue'
import type { DateRangeFilterContract, NumericRangeFilterContract } from '../../renderers/types.ts'
import { LazyDateField } from '../fields/lazy_date_field.ts'
import { renderComponent, type FilterControlProps } from '../registry.ts'

/**
 * A date-range filter: two date pickers, each bounding the other.
 */
export const DateRangeFilter = renderComponent(
  ({ filter, id, go }: FilterControlProps<DateRangeFilterContract>) => {
    const range = filter.value ?? { from: null, until: null }
    const change = (bound: 'from' | 'until', value: string | null) => {
      const next = { ...range, [bound]: value || null }
      if (next[bound] === range[bound]) return
      go({ filters: { [filter.name]: next.from || next.until ? next : null } })
    }
    return h('fieldset', { class: 'kit-filter kit-filter-range' }, [
      h('legend', filter.label),
      h('label', { for: `${id}-from` }, filter.fromLabel),
      h(LazyDateField, {
        id: `${id}-from`,
        name: `${filter.name}-from`,
        value: range.from,
        max: range.until,
        onChange: (value: string | null) => change('from', value),
      }),
      h('label', { for: `${id}-until` }, filter.untilLabel),
      h(LazyDateField, {
        id: `${id}-until`,
        name: `${filter.name}-until`,
        value: range.until,
        min: range.from,
        onChange: (value: string | null) => change('until', value),
      }),
    ])
  }
)

/**
 * A numeric-range filter: two number inputs, applied when one changes.
 */
export const NumericRangeFilter = renderComponent(
  ({ filter, id, go }: FilterControlProps<NumericRangeFilterContract>) => {
    const range = filter.value ?? { min: null, max: null }
    const change = (bound: 'min' | 'max', event: Event) => {
      const value = (event.target as HTMLInputElement).value
      const number = value === '' ? null : Number(value)
      const next = { ...range, [bound]: Number.isFinite(number) ? number : null }
      go({ filters: { [filter.name]: next.min !== null || next.max !== null ? next : null } })
    }
    const bound = (name: 'min' | 'max', label: string) => [
      h('label', { for: `${id}-${name}` }, label),
      h('input', {
        id: `${id}-${name}`,
        type: 'number',
        step: 'any',
        value: range[name] ?? '',
        onChange: (event: Event) => change(name, event),
      }),
    ]
    return h('fieldset', { class: 'kit-filter kit-filter-range' }, [
      h('legend', filter.label),
      ...bound('min', filter.minLabel),
      ...bound('max', filter.maxLabel),
    ])
  }
)
