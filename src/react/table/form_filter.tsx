import { useEffect, useRef, useState } from 'react'
import {
  FORM_FILTER_TYPING_DELAY,
  formFilterValue,
  isTypedFilterField,
} from '../../renderers/table_state.ts'
import type { FormFieldContract, FormFilterContract, FormValue } from '../../renderers/types.ts'
import type { FilterControlProps } from '../registry.tsx'
import { Field } from '../resource_form.tsx'

/**
 * A form filter (`Filter.make().form()`): its fields, each drawn by the
 * form's component. A select, date or toggle applies at once; a typed
 * field after a pause of {@link FORM_FILTER_TYPING_DELAY} ms.
 */
export function FormFilter({ filter, id, go }: FilterControlProps<FormFilterContract>) {
  const [values, setValues] = useState<Record<string, FormValue>>(filter.value ?? {})
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const applied = JSON.stringify(filter.value)

  /* the applied value changed elsewhere (an indicator removed, history):
     the fields show it, unless a typed change is waiting */
  useEffect(() => {
    if (!timer.current) setValues(filter.value ?? {})
  }, [applied])
  useEffect(() => () => clearTimeout(timer.current ?? undefined), [])

  const apply = (next: Record<string, FormValue>) => {
    clearTimeout(timer.current ?? undefined)
    timer.current = null
    const value = formFilterValue(next)
    if (JSON.stringify(value) !== applied) go({ filters: { [filter.name]: value } })
  }
  const change = (field: FormFieldContract, value: FormValue) => {
    const next = { ...values, [field.name]: value }
    setValues(next)
    if (!isTypedFilterField(field)) return apply(next)
    clearTimeout(timer.current ?? undefined)
    timer.current = setTimeout(() => apply(next), FORM_FILTER_TYPING_DELAY)
  }

  return (
    <fieldset className="kit-filter kit-filter-form">
      <legend>{filter.label}</legend>
      {filter.fields.map((field) => (
        <Field
          key={field.name}
          id={`${id}-${field.name}`}
          field={field}
          value={values[field.name] ?? null}
          error={null}
          values={values}
          onChange={(value) => change(field, value)}
        />
      ))}
    </fieldset>
  )
}
