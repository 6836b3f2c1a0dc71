import { defineComponent, h, ref, watch, type PropType } from 'vue'
import type { FormValue, KeyValueContract } from '../../renderers/types.ts'
import { keyValueRows, keyValueText } from '../../renderers/field_conditions.ts'
import { useText } from '../text.ts'

type Row = { key: string; value: string }

/**
 * A JSON object edited as rows of key and value inputs; it submits the rows
 * as JSON text of `[key, value]` pairs.
 */
export const KeyValueField = defineComponent({
  name: 'KitKeyValueField',
  props: {
    id: { type: String, required: true },
    field: { type: Object as PropType<KeyValueContract>, required: true },
    value: { type: [String, Number, Boolean, Array, null] as PropType<FormValue>, default: null },
    invalid: { type: Boolean, default: false },
    describedBy: { type: String, default: undefined },
  },
  emits: { change: (_value: FormValue) => true },
  setup(props, { emit }) {
    const t = useText()
    const rows = ref<Row[]>(keyValueRows(props.value))
    /* a value set from outside (a reloaded contract) replaces the rows */
    watch(
      () => props.value,
      (value) => {
        if (value !== keyValueText(rows.value)) rows.value = keyValueRows(value)
      }
    )
    const update = (next: Row[]) => {
      rows.value = next
      emit('change', keyValueText(next))
    }
    return () => {
      const field = props.field
      const locked = field.disabled || field.readOnly
      const keyLabel = field.keyLabel ?? t('form.keyValue.key')
      const valueLabel = field.valueLabel ?? t('form.keyValue.value')
      const cell = (row: Row, index: number, member: 'key' | 'value', label: string) =>
        h('td', [
          h('input', {
            'aria-label': t('form.keyValue.cell', { label, index: index + 1 }),
            'name': `${field.name}[${index}][${member}]`,
            'value': row[member],
            'disabled': field.disabled,
            'readonly': field.readOnly,
            'aria-invalid': props.invalid && member === 'key' ? 'true' : undefined,
            'onInput': (event: Event) =>
              update(
                rows.value.map((r, i) =>
                  i === index ? { ...r, [member]: (event.target as HTMLInputElement).value } : r
                )
              ),
          }),
        ])
      return h(
        'div',
        {
          'id': props.id,
          'class': 'kit-key-value',
          'role': 'group',
          'aria-describedby': props.describedBy,
        },
        [
          h('table', [
            h('thead', [
              h('tr', [
                h('th', { scope: 'col' }, keyLabel),
                h('th', { scope: 'col' }, valueLabel),
                h('th'),
              ]),
            ]),
            h(
              'tbody',
              rows.value.map((row, index) =>
                h('tr', { key: index }, [
                  cell(row, index, 'key', keyLabel),
                  cell(row, index, 'value', valueLabel),
                  h('td', [
                    locked
                      ? null
                      : h(
                          'button',
                          {
                            'type': 'button',
                            'class': 'kit-button kit-key-value-remove',
                            'aria-label': t('form.keyValue.remove', { index: index + 1 }),
                            'onClick': () => update(rows.value.filter((_, i) => i !== index)),
                          },
                          '×'
                        ),
                  ]),
                ])
              )
            ),
          ]),
          locked
            ? null
            : h(
                'button',
                {
                  type: 'button',
                  class: 'kit-button kit-key-value-add',
                  onClick: () => update([...rows.value, { key: '', value: '' }]),
                },
                field.addLabel ?? t('form.keyValue.add')
              ),
        ]
      )
    }
  },
})
