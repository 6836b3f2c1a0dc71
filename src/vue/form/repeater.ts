import { h, type VNode } from 'vue'
import type { FormFieldContract, FormValue, RepeaterContract } from '../../renderers/types.ts'
import {
  addRepeaterItem,
  moveRepeaterItem,
  removeRepeaterItem,
  repeaterItems,
  setRepeaterValue,
} from '../../renderers/form_layout.ts'
import { useText } from '../text.ts'

/**
 * Draws one sub-field of a repeater item.
 */
export type RepeaterFieldRenderer = (
  id: string,
  field: FormFieldContract,
  value: FormValue,
  error: string | null,
  onChange: (value: FormValue) => void
) => VNode

/**
 * A repeater: a list of items, each drawn with the repeater's fields, with
 * add, remove and move buttons. Errors of an item come as
 * `<name>.<index>.<field>`.
 */
export function renderRepeater(
  id: string,
  field: RepeaterContract,
  value: FormValue,
  errorOf: (path: string) => string | null,
  onChange: (value: FormValue) => void,
  renderField: RepeaterFieldRenderer
): VNode {
  const t = useText()
  const items = repeaterItems(value)
  const min = field.minItems ?? 0
  const small = 'kit-button kit-button-small'
  return h(
    'div',
    { 'id': id, 'class': 'kit-repeater', 'role': 'group', 'aria-label': field.label },
    [
      items.length
        ? h(
            'ol',
            { class: 'kit-repeater-items' },
            items.map((item, index) => {
              const number = index + 1
              return h(
                'li',
                {
                  'key': index,
                  'class': 'kit-repeater-item',
                  'aria-label': t('form.repeater.item', { label: field.label, number }),
                },
                [
                  h(
                    'div',
                    { class: 'kit-repeater-fields' },
                    field.fields.map((sub) =>
                      renderField(
                        `${id}-${index}-${sub.name}`,
                        sub,
                        (item[sub.name] ?? null) as FormValue,
                        errorOf(`${field.name}.${index}.${sub.name}`),
                        (next) => onChange(setRepeaterValue(value, index, sub.name, next))
                      )
                    )
                  ),
                  h('div', { class: 'kit-repeater-controls' }, [
                    field.reorderable
                      ? h(
                          'button',
                          {
                            'type': 'button',
                            'class': small,
                            'disabled': index === 0,
                            'aria-label': t('form.repeater.up', { number }),
                            'onClick': () => onChange(moveRepeaterItem(value, index, -1)),
                          },
                          '↑'
                        )
                      : null,
                    field.reorderable
                      ? h(
                          'button',
                          {
                            'type': 'button',
                            'class': small,
                            'disabled': index === items.length - 1,
                            'aria-label': t('form.repeater.down', { number }),
                            'onClick': () => onChange(moveRepeaterItem(value, index, 1)),
                          },
                          '↓'
                        )
                      : null,
                    h(
                      'button',
                      {
                        'type': 'button',
                        'class': `${small} kit-color-red`,
                        'disabled': items.length <= min,
                        'aria-label': t('form.repeater.remove', { number }),
                        'onClick': () => onChange(removeRepeaterItem(value, index)),
                      },
                      '×'
                    ),
                  ]),
                ]
              )
            })
          )
        : h('p', { class: 'kit-repeater-empty' }, t('form.repeater.empty')),
      h(
        'button',
        {
          type: 'button',
          class: 'kit-button kit-repeater-add',
          disabled: items.length >= field.maxItems,
          onClick: () => onChange(addRepeaterItem(field, value)),
        },
        t('form.repeater.add', { label: field.label })
      ),
    ]
  )
}
