import { defineComponent, h, type PropType } from 'vue'
import type { AccountField } from '../../renderers/account.ts'
import { useText } from '../text.ts'

/**
 * One input of an account form with its label, hint and error.
 */
export const AccountInput = defineComponent({
  name: 'AccountInput',
  props: {
    field: { type: Object as PropType<AccountField>, required: true },
    id: { type: String, required: true },
    value: { type: String, required: true },
    error: { type: String as PropType<string | null>, default: null },
  },
  emits: { change: (_value: string) => true },
  setup(props, { emit }) {
    const t = useText()
    return () => {
      const { field, id, error } = props
      const described = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null]
        .filter(Boolean)
        .join(' ')
      return h('div', { class: 'kit-field' }, [
        h('label', { for: id }, t(field.label)),
        h('input', {
          'id': id,
          'name': field.name,
          'type': field.type,
          'autocomplete': field.autocomplete,
          'value': props.value,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': described || undefined,
          'onInput': (event: Event) => emit('change', (event.target as HTMLInputElement).value),
        }),
        field.hint ? h('p', { id: `${id}-hint`, class: 'kit-field-hint' }, t(field.hint)) : null,
        error ? h('p', { id: `${id}-error`, class: 'kit-field-error' }, error) : null,
      ])
    }
  },
})
