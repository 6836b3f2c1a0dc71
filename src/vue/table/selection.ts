import { h, type VNode } from 'vue'
import { Checkbox } from '@ark-ui/vue/checkbox'
import { part } from '../fields/field_props.ts'

/**
 * The selection checkbox of a row or of the page (Ark UI Checkbox): its
 * label is read by screen readers only; the page's checkbox shows a dash
 * while only some rows are selected (`indeterminate`).
 */
export function selectionCheckbox(
  label: string,
  checked: boolean | 'indeterminate',
  onToggle: () => void
): VNode {
  return h(
    part(Checkbox.Root),
    {
      'class': 'kit-checkbox kit-selection',
      'checked': checked,
      'onUpdate:checked': () => onToggle(),
    },
    () => [
      h(part(Checkbox.Control), { class: 'kit-checkbox-control' }, () => [
        h(part(Checkbox.Indicator), { class: 'kit-checkbox-indicator' }, () => '✓'),
        h(
          part(Checkbox.Indicator),
          { class: 'kit-checkbox-indicator', indeterminate: true },
          () => '–'
        ),
      ]),
      h(part(Checkbox.Label), { class: 'kit-sr-only' }, () => label),
      h(part(Checkbox.HiddenInput)),
    ]
  )
}
