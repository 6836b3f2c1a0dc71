import { Suspense, lazy } from 'react'
import type { DateFieldProps } from './field_props.ts'
import { DateFieldFallback } from './picker_fallbacks.tsx'

/* the date picker is loaded only by the pages that draw a date */
const DateField = lazy(() =>
  import('./date_field.tsx').then((module) => ({ default: module.DateField }))
)

/**
 * The date field loaded on demand: `DateFieldFallback` (the same input)
 * while the Ark UI DatePicker loads, then the picker. Drawn by the form's
 * date fields and the table's date-range filters.
 */
export function LazyDateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<DateFieldFallback {...props} />}>
      <DateField {...props} />
    </Suspense>
  )
}
