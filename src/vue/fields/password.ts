import { h, type VNode } from 'vue'
import { PasswordInput } from '@ark-ui/vue/password-input'
import type { PasswordContract } from '../../renderers/types.ts'
import type { KitText } from '../../renderers/text.ts'
import { part, type ControlProps } from './field_props.ts'

/**
 * A password input (Ark UI PasswordInput), with a reveal button when the
 * field is revealable and a confirmation input when it is confirmed. Its
 * value starts empty: the server never sends a password.
 */
export function passwordField(
  props: ControlProps<PasswordContract> & {
    confirmation: string
    onConfirm: (value: string) => void
  },
  t: KitText
): VNode {
  const { id, field, value, invalid, describedBy, onChange } = props
  const input = (inputId: string, name: string, current: string, change: (v: string) => void) =>
    h(
      part(PasswordInput.Root),
      {
        class: 'kit-password',
        ids: { input: inputId },
        disabled: field.disabled,
        readOnly: field.readOnly,
        invalid,
        autoComplete: 'new-password',
        translations: {
          visibilityTrigger: (visible: boolean) =>
            t(visible ? 'form.password.hide' : 'form.password.show'),
        },
      },
      () => [
        h(part(PasswordInput.Control), { class: 'kit-password-control' }, () => [
          h(part(PasswordInput.Input), {
            'id': inputId,
            'name': name,
            'value': current,
            'aria-describedby': describedBy,
            'placeholder': field.placeholder ?? undefined,
            'onInput': (event: Event) => change((event.target as HTMLInputElement).value),
          }),
          field.revealable
            ? h(
                part(PasswordInput.VisibilityTrigger),
                { class: 'kit-button kit-password-reveal' },
                () => [
                  h(part(PasswordInput.Indicator), null, {
                    default: () => h('span', { 'aria-hidden': 'true' }, '◎'),
                    fallback: () => h('span', { 'aria-hidden': 'true' }, '◉'),
                  }),
                ]
              )
            : null,
        ]),
      ]
    )
  return h('div', { class: 'kit-password-field' }, [
    input(id, field.name, String(value ?? ''), (next) => onChange(next)),
    field.confirmation
      ? h('div', { class: 'kit-password-confirmation' }, [
          h(
            'label',
            { for: `${id}-confirmation` },
            t('form.password.confirm', { label: field.label })
          ),
          input(`${id}-confirmation`, field.confirmation.name, props.confirmation, (next) =>
            props.onConfirm(next)
          ),
        ])
      : null,
  ])
}
