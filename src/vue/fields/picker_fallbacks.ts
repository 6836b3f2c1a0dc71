import { defineComponent, h, ref, type PropType } from 'vue'
import type { ColorPickerContract, FormValue } from '../../renderers/types.ts'
import {
  dateFieldParts,
  joinDateField,
  parseHexColor,
  parseIsoDate,
} from '../../renderers/shared.ts'
import { KitIcon } from '../icons.ts'
import { timeInput } from './time_input.ts'
import { useText } from '../text.ts'
import { dateFieldProps } from './field_props.ts'

/* an Enter in the text input commits it, as the pickers' inputs do, and never submits the form */
const keepEnter = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault()
}

/**
 * What a date field draws while its date picker loads (the loading
 * component of the lazy `DateField`, given the same props): the same input
 * (id, name, label, description) and time input in the same boxes, the
 * calendar button's place kept. A typed `YYYY-MM-DD` date is sent as the
 * picker sends it; an emptied input sends null.
 */
export const DateFieldFallback = defineComponent({
  name: 'KitDateFieldFallback',
  props: dateFieldProps,
  emits: { change: (_value: string | null) => true },
  setup(props, { emit }) {
    const t = useText()
    const text = ref(dateFieldParts(props.value).date)
    return () => {
      const { date, time } = dateFieldParts(props.value)
      return h('div', { 'class': 'kit-date-field', 'aria-busy': 'true' }, [
        h('div', { class: 'kit-date-picker' }, [
          h('div', { class: 'kit-date-control' }, [
            h('input', {
              'id': props.id,
              'name': props.name,
              'type': 'text',
              'autocomplete': 'off',
              'placeholder': t('form.datePlaceholder'),
              'aria-describedby': props.describedBy,
              'aria-invalid': props.invalid ? 'true' : undefined,
              'value': text.value,
              'onKeydown': keepEnter,
              'onInput': (event: Event) => {
                const typed = (event.target as HTMLInputElement).value
                text.value = typed
                const iso = parseIsoDate(typed.trim())
                if (iso || typed === '')
                  emit('change', joinDateField(iso ?? '', time, props.withTime))
              },
            }),
            h('span', { 'class': 'kit-date-trigger', 'aria-hidden': 'true' }, [
              h(KitIcon, { name: 'calendar' }),
            ]),
          ]),
        ]),
        props.withTime
          ? timeInput(
              { date, time, describedBy: props.describedBy },
              (value: string | null) => emit('change', value),
              t
            )
          : null,
      ])
    }
  },
})

/**
 * What a color field draws while its color picker loads (the loading
 * component of the lazy `ColorPickerField`, given the same props): the same
 * hex input (id, label, description) and the swatch's place. A typed hex
 * color is sent as the picker sends it (`#7c3aed`).
 */
export const ColorPickerFallback = defineComponent({
  name: 'KitColorPickerFallback',
  props: {
    id: { type: String, required: true },
    field: { type: Object as PropType<ColorPickerContract>, required: true },
    value: { type: [String, Number, Boolean, Array, null] as PropType<FormValue>, default: null },
    invalid: { type: Boolean, default: false },
    describedBy: { type: String, default: undefined },
  },
  emits: { change: (_value: FormValue) => true },
  setup(props, { emit }) {
    /* shown as the picker shows it (`#7C3AED`) */
    const text = ref(typeof props.value === 'string' ? props.value.toUpperCase() : '')
    return () => {
      const color = parseHexColor(text.value)
      return h('div', { 'class': 'kit-color-picker', 'aria-busy': 'true' }, [
        h('div', { class: 'kit-color-picker-control' }, [
          h('input', {
            'id': props.id,
            'type': 'text',
            'class': 'kit-color-picker-input',
            'autocomplete': 'off',
            'aria-describedby': props.describedBy,
            'aria-invalid': props.invalid ? 'true' : undefined,
            'placeholder': props.field.placeholder ?? undefined,
            'disabled': props.field.disabled,
            'readonly': props.field.readOnly,
            'value': text.value,
            'onKeydown': keepEnter,
            'onInput': (event: Event) => {
              text.value = (event.target as HTMLInputElement).value
              const typed = parseHexColor(text.value)
              if (typed) emit('change', typed)
            },
          }),
          h('span', { 'class': 'kit-color-picker-trigger', 'aria-hidden': 'true' }, [
            h('span', {
              class: 'kit-color-swatch',
              style: color ? { background: color } : undefined,
            }),
          ]),
        ]),
      ])
    }
  },
})
