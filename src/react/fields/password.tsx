import { PasswordInput } from '@ark-ui/react/password-input'
import type { PasswordContract } from '../../renderers/types.ts'
import { useText } from '../text.tsx'
import type { ControlProps } from './field_props.ts'

/**
 * A password input (Ark UI PasswordInput), with a reveal button when the
 * field is revealable and a confirmation input when it is confirmed. Its
 * value starts empty: the server never sends a password.
 */
export function PasswordField(
  props: ControlProps<PasswordContract> & {
    confirmation: string
    onConfirm: (value: string) => void
  }
) {
  const { id, field, value, invalid, describedBy, onChange } = props
  const t = useText()
  const input = (inputId: string, name: string, current: string, change: (v: string) => void) => (
    <PasswordInput.Root
      className="kit-password"
      ids={{ input: inputId }}
      disabled={field.disabled}
      readOnly={field.readOnly}
      invalid={invalid}
      autoComplete="new-password"
      translations={{
        visibilityTrigger: (visible) => t(visible ? 'form.password.hide' : 'form.password.show'),
      }}
    >
      <PasswordInput.Control className="kit-password-control">
        <PasswordInput.Input
          id={inputId}
          name={name}
          value={current}
          aria-describedby={describedBy}
          placeholder={field.placeholder ?? undefined}
          onChange={(event) => change(event.target.value)}
        />
        {field.revealable ? (
          <PasswordInput.VisibilityTrigger className="kit-button kit-password-reveal">
            <PasswordInput.Indicator fallback={<span aria-hidden="true">◉</span>}>
              <span aria-hidden="true">◎</span>
            </PasswordInput.Indicator>
          </PasswordInput.VisibilityTrigger>
        ) : null}
      </PasswordInput.Control>
    </PasswordInput.Root>
  )
  return (
    <div className="kit-password-field">
      {input(id, field.name, String(value ?? ''), (next) => onChange(next))}
      {field.confirmation ? (
        <div className="kit-password-confirmation">
          <label htmlFor={`${id}-confirmation`}>
            {t('form.password.confirm', { label: field.label })}
          </label>
          {input(`${id}-confirmation`, field.confirmation.name, props.confirmation, (next) =>
            props.onConfirm(next)
          )}
        </div>
      ) : null}
    </div>
  )
}
