import { h, type VNode } from 'vue'
import { Select } from '@ark-ui/vue/select'
import { KitIcon } from './icons.ts'

/**
 * One choice of a select: the value sent and the label shown.
 */
export interface SelectChoice {
  value: string
  label: string
}

/**
 * The button of an Ark UI Select (`role=combobox`): the chosen value and a
 * chevron (or the placeholder while nothing is chosen), then `extra`
 * (a clear button) in the same control.
 */
export function selectButton(
  options: { className?: string; describedBy?: string; placeholder?: string } = {},
  extra: VNode | null = null
): VNode {
  return h(Select.Control, { class: 'kit-select-control' }, () => [
    h(
      Select.Trigger,
      {
        'class': options.className
          ? `kit-select-trigger ${options.className}`
          : 'kit-select-trigger',
        'aria-describedby': options.describedBy,
      },
      () => [
        h(Select.ValueText, { placeholder: options.placeholder }),
        h(KitIcon, { name: 'chevron-up-down' }),
      ]
    ),
    extra,
  ])
}

/**
 * The popup of an Ark UI Select: the positioner (above the sticky table
 * header and the page's bars) and the listbox of the choices, a check
 * beside the chosen ones. Shared by every select of the kit.
 */
export function selectPopup(choices: SelectChoice[]): VNode {
  return h(Select.Positioner, { class: 'kit-combobox-positioner' }, () => [
    h(Select.Content, { class: 'kit-combobox-content' }, () =>
      choices.map((choice) =>
        h(Select.Item, { key: choice.value, item: choice, class: 'kit-combobox-item' }, () => [
          h(Select.ItemText, null, () => choice.label),
          h(Select.ItemIndicator, { class: 'kit-select-indicator' }, () => [
            h(KitIcon, { name: 'check' }),
          ]),
        ])
      )
    ),
  ])
}
