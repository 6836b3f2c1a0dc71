import type { ReactNode } from 'react'
import type { FormFieldContract, FormValue, RepeaterContract } from '../../renderers/types.ts'
import {
  addRepeaterItem,
  moveRepeaterItem,
  removeRepeaterItem,
  repeaterItems,
  setRepeaterValue,
} from '../../renderers/form_layout.ts'
import { useText } from '../text.tsx'

/**
 * What a repeater needs to draw one sub-field.
 */
export interface RepeaterFieldProps {
  id: string
  field: FormFieldContract
  value: FormValue
  error: string | null
  onChange: (value: FormValue) => void
}

/**
 * A repeater: a list of items, each drawn with the repeater's fields, with
 * add, remove and move buttons. Errors of an item come as
 * `<name>.<index>.<field>`.
 */
export function RepeaterInput({
  id,
  field,
  value,
  errorOf,
  onChange,
  renderField,
}: {
  id: string
  field: RepeaterContract
  value: FormValue
  errorOf: (path: string) => string | null
  onChange: (value: FormValue) => void
  renderField: (props: RepeaterFieldProps) => ReactNode
}) {
  const t = useText()
  const items = repeaterItems(value)
  const min = field.minItems ?? 0
  return (
    <div id={id} className="kit-repeater" role="group" aria-label={field.label}>
      {items.length ? (
        <ol className="kit-repeater-items">
          {items.map((item, index) => {
            const number = index + 1
            return (
              <li
                key={index}
                className="kit-repeater-item"
                aria-label={t('form.repeater.item', { label: field.label, number })}
              >
                <div className="kit-repeater-fields">
                  {field.fields.map((sub) =>
                    renderField({
                      id: `${id}-${index}-${sub.name}`,
                      field: sub,
                      value: (item[sub.name] ?? null) as FormValue,
                      error: errorOf(`${field.name}.${index}.${sub.name}`),
                      onChange: (next) => onChange(setRepeaterValue(value, index, sub.name, next)),
                    })
                  )}
                </div>
                <div className="kit-repeater-controls">
                  {field.reorderable ? (
                    <>
                      <button
                        type="button"
                        className="kit-button kit-button-small"
                        disabled={index === 0}
                        aria-label={t('form.repeater.up', { number })}
                        onClick={() => onChange(moveRepeaterItem(value, index, -1))}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="kit-button kit-button-small"
                        disabled={index === items.length - 1}
                        aria-label={t('form.repeater.down', { number })}
                        onClick={() => onChange(moveRepeaterItem(value, index, 1))}
                      >
                        ↓
                      </button>
                    </>
                  ) : null}
                  <button
                    type="button"
                    className="kit-button kit-button-small kit-color-red"
                    disabled={items.length <= min}
                    aria-label={t('form.repeater.remove', { number })}
                    onClick={() => onChange(removeRepeaterItem(value, index))}
                  >
                    ×
                  </button>
                </div>
              </li>
            )
          })}
        </ol>
      ) : (
        <p className="kit-repeater-empty">{t('form.repeater.empty')}</p>
      )}
      <button
        type="button"
        className="kit-button kit-repeater-add"
        disabled={items.length >= field.maxItems}
        onClick={() => onChange(addRepeaterItem(field, value))}
      >
        {t('form.repeater.add', { label: field.label })}
      </button>
    </div>
  )
}
