import { defineAsyncComponent } from 'vue'
import { DateFieldFallback } from './picker_fallbacks.ts'

/**
 * The date field loaded on demand: `DateFieldFallback` (the same input)
 * while the Ark UI DatePicker loads, then the picker. Drawn by the form's
 * date fields and the table's date-range filters.
 */
export const LazyDateField = defineAsyncComponent({
  loader: () => import('./date_field.ts').then((module) => module.DateField),
  loadingComponent: DateFieldFallback,
  delay: 0,
})
