import { useEffect, useState } from 'react'
import type { KeyValueContract } from '../../renderers/types.ts'
import { keyValueRows, keyValueText } from '../../renderers/field_conditions.ts'
import { useText } from '../text.tsx'
import type { ControlProps } from './field_props.ts'

type Row = { key: string; value: string }

/**
 * A JSON object edited as rows of key and value inputs; it submits the rows
 * as JSON text of `[key, value]` pairs.
 */
export function KeyValueField({
  id,
  field,
  value,
  invalid,
  describedBy,
  onChange,
}: ControlProps<KeyValueContract>) {
  const t = useText()
  const [rows, setRows] = useState<Row[]>(() => keyValueRows(value))
  /* a value set from outside (a reloaded contract) replaces the rows */
  useEffect(() => {
    if (value !== keyValueText(rows)) setRows(keyValueRows(value))
  }, [value])
  const update = (next: Row[]) => {
    setRows(next)
    onChange(keyValueText(next))
  }
  const locked = field.disabled || field.readOnly
  const keyLabel = field.keyLabel ?? t('form.keyValue.key')
  const valueLabel = field.valueLabel ?? t('form.keyValue.value')
  return (
    <div id={id} className="kit-key-value" role="group" aria-describedby={describedBy}>
      <table>
        <thead>
          <tr>
            <th scope="col">{keyLabel}</th>
            <th scope="col">{valueLabel}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              <td>
                <input
                  aria-label={t('form.keyValue.cell', { label: keyLabel, index: index + 1 })}
                  name={`${field.name}[${index}][key]`}
                  value={row.key}
                  disabled={field.disabled}
                  readOnly={field.readOnly}
                  aria-invalid={invalid || undefined}
                  onChange={(event) =>
                    update(
                      rows.map((r, i) => (i === index ? { ...r, key: event.target.value } : r))
                    )
                  }
                />
              </td>
              <td>
                <input
                  aria-label={t('form.keyValue.cell', { label: valueLabel, index: index + 1 })}
                  name={`${field.name}[${index}][value]`}
                  value={row.value}
                  disabled={field.disabled}
                  readOnly={field.readOnly}
                  onChange={(event) =>
                    update(
                      rows.map((r, i) => (i === index ? { ...r, value: event.target.value } : r))
                    )
                  }
                />
              </td>
              <td>
                {locked ? null : (
                  <button
                    type="button"
                    className="kit-button kit-key-value-remove"
                    aria-label={t('form.keyValue.remove', { index: index + 1 })}
                    onClick={() => update(rows.filter((_, i) => i !== index))}
                  >
                    ×
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {locked ? null : (
        <button
          type="button"
          className="kit-button kit-key-value-add"
          onClick={() => update([...rows, { key: '', value: '' }])}
        >
          {field.addLabel ?? t('form.keyValue.add')}
        </button>
      )}
    </div>
  )
}
