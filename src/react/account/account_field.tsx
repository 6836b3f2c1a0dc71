import type { AccountField } from '../../renderers/account.ts'
import { useText } from '../text.tsx'

/**
 * One input of an account form with its label, hint and error.
 */
export function AccountInput({
  field,
  id,
  value,
  error,
  onChange,
}: {
  field: AccountField
  id: string
  value: string
  error: string | null
  onChange: (value: string) => void
}) {
  const t = useText()
  const described = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="kit-field">
      <label htmlFor={id}>{t(field.label)}</label>
      <input
        id={id}
        name={field.name}
        type={field.type}
        autoComplete={field.autocomplete}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {field.hint ? (
        <p id={`${id}-hint`} className="kit-field-hint">
          {t(field.hint)}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="kit-field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
