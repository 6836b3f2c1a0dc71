import { useState } from 'react'
import type { ColorPickerContract } from '../../renderers/types.ts'
import {
  dateFieldParts,
  joinDateField,
  parseHexColor,
  parseIsoDate,
} from '../../renderers/shared.ts'
import { KitIcon } from '../icons.tsx'
import { TimeInput } from './time_input.tsx'
import { useText } from '../text.tsx'
import type { ControlProps, DateFieldProps } from './field_props.ts'

/* an Enter in the text input commits it, as the pickers' inputs do, and never submits the form */
const keepEnter = (event: React.KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault()
}

/**
 * What a date field draws while its date picker loads: the same input (id,
 * name, label, description) and time input in the same boxes, the calendar
 * button's place kept. A typed `YYYY-MM-DD` date is sent as the picker
 * sends it; an emptied input sends null.
 */
export function DateFieldFallback({
  id,
  name,
  withTime,
  value,
  invalid,
  describedBy,
  onChange,
}: DateFieldProps) {
  const t = useText()
  const { date, time } = dateFieldParts(value)
  const [text, setText] = useState(date)
  return (
    <div className="kit-date-field" aria-busy="true">
      <div className="kit-date-picker">
        <div className="kit-date-control">
          <input
            id={id}
            name={name}
            type="text"
            autoComplete="off"
            placeholder={t('form.datePlaceholder')}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            value={text}
            onKeyDown={keepEnter}
            onChange={(event) => {
              const typed = event.target.value
              setText(typed)
              const iso = parseIsoDate(typed.trim())
              if (iso || typed === '') onChange(joinDateField(iso ?? '', time, withTime))
            }}
          />
          <span className="kit-date-trigger" aria-hidden="true">
            <KitIcon name="calendar" />
          </span>
        </div>
      </div>
      {withTime ? (
        <TimeInput date={date} time={time} describedBy={describedBy} onChange={onChange} />
      ) : null}
    </div>
  )
}

/**
 * What a color field draws while its color picker loads: the same hex input
 * (id, label, description) and the swatch's place. A typed hex color is
 * sent as the picker sends it (`#7c3aed`).
 */
export function ColorPickerFallback({
  id,
  field,
  value,
  invalid,
  describedBy,
  onChange,
}: ControlProps<ColorPickerContract>) {
  /* shown as the picker shows it (`#7C3AED`) */
  const [text, setText] = useState(typeof value === 'string' ? value.toUpperCase() : '')
  const color = parseHexColor(text)
  return (
    <div className="kit-color-picker" aria-busy="true">
      <div className="kit-color-picker-control">
        <input
          id={id}
          type="text"
          className="kit-color-picker-input"
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          placeholder={field.placeholder ?? undefined}
          disabled={field.disabled}
          readOnly={field.readOnly}
          value={text}
          onKeyDown={keepEnter}
          onChange={(event) => {
            setText(event.target.value)
            const typed = parseHexColor(event.target.value)
            if (typed) onChange(typed)
          }}
        />
        <span className="kit-color-picker-trigger" aria-hidden="true">
          <span className="kit-color-swatch" style={color ? { background: color } : undefined} />
        </span>
      </div>
    </div>
  )
}
