import type { DateRangeFilterContract, NumericRangeFilterContract } from '../../renderers/types.ts'
import { LazyDateField } from '../fields/lazy_date_field.tsx'
import type { FilterControlProps } from '../registry.tsx'

/**
 * A date-range filter: two date pickers, each bounding the other.
 */
export function DateRangeFilter({ filter, id, go }: FilterControlProps<DateRangeFilterContract>) {
  const range = filter.value ?? { from: null, until: null }
  const change = (bound: 'from' | 'until', value: string | null) => {
    const next = { ...range, [bound]: value || null }
    if (next[bound] === range[bound]) return
    go({ filters: { [filter.name]: next.from || next.until ? next : null } })
  }
  return (
    <fieldset className="kit-filter kit-filter-range">
      <legend>{filter.label}</legend>
      <label htmlFor={`${id}-from`}>{filter.fromLabel}</label>
      <LazyDateField
        id={`${id}-from`}
        name={`${filter.name}-from`}
        withTime={false}
        value={range.from}
        max={range.until}
        onChange={(value) => change('from', value)}
      />
      <label htmlFor={`${id}-until`}>{filter.untilLabel}</label>
      <LazyDateField
        id={`${id}-until`}
        name={`${filter.name}-until`}
        withTime={false}
        value={range.until}
        min={range.from}
        onChange={(value) => change('until', value)}
      />
    </fieldset>
  )
}

/**
 * A numeric-range filter: two number inputs; a bound applies when the
 * person leaves its input or presses Enter.
 */
export function NumericRangeFilter({
  filter,
  id,
  go,
}: FilterControlProps<NumericRangeFilterContract>) {
  const range = filter.value ?? { min: null, max: null }
  const commit = (bound: 'min' | 'max', value: string) => {
    const number = value === '' ? null : Number(value)
    const next = { ...range, [bound]: Number.isFinite(number) ? number : null }
    if (next[bound] === range[bound]) return
    go({ filters: { [filter.name]: next.min !== null || next.max !== null ? next : null } })
  }
  const bound = (name: 'min' | 'max', label: string) => (
    <>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="number"
        step="any"
        key={`${name}-${range[name] ?? ''}`}
        defaultValue={range[name] ?? ''}
        onBlur={(event) => commit(name, event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(name, event.currentTarget.value)
        }}
      />
    </>
  )
  return (
    <fieldset className="kit-filter kit-filter-range">
      <legend>{filter.label}</legend>
      {bound('min', filter.minLabel)}
      {bound('max', filter.maxLabel)}
    </fieldset>
  )
}
