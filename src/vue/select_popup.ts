import { computed, defineComponent, h, type PropType, type VNode } from 'vue'
import { Select, createListCollection } from '@ark-ui/vue/select'
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

/**
 * A single select of the kit (Ark UI Select): a button (`role=combobox`)
 * named by its label (visible, or read by screen readers only) and the
 * listbox of the choices. Emits `change` with the picked value only when
 * it differs from `value`.
 *
 * @example
 * h(ChoiceSelect, { id: 'rule-0-column', label: t('queryBuilder.column'), hideLabel: true,
 *   choices: columns, value: rule.column, onChange: setColumn })
 */
export const ChoiceSelect = defineComponent({
  name: 'KitChoiceSelect',
  props: {
    id: { type: String, required: true },
    label: { type: String, required: true },
    /** Keep the label for screen readers only */
    hideLabel: { type: Boolean, default: false },
    /** The name of a hidden native select, for a surrounding form */
    name: { type: String, default: undefined },
    className: { type: String, default: undefined },
    labelClassName: { type: String, default: undefined },
    choices: { type: Array as PropType<SelectChoice[]>, required: true },
    value: { type: String, required: true },
  },
  emits: { change: (_value: string) => true },
  setup(props, { emit }) {
    const collection = computed(() => createListCollection({ items: props.choices }))
    return () =>
      h(
        Select.Root,
        {
          'class': props.className ? `kit-choice-select ${props.className}` : 'kit-choice-select',
          'collection': collection.value,
          'ids': { trigger: props.id, label: `${props.id}-label` },
          'name': props.name,
          'modelValue': [props.value],
          'onUpdate:modelValue': (value: string[]) => {
            const picked = value[0]
            if (picked !== undefined && picked !== props.value) emit('change', picked)
          },
          'positioning': { strategy: 'fixed', placement: 'bottom-start' },
        },
        () => [
          h(
            Select.Label,
            { class: props.hideLabel ? 'kit-sr-only' : props.labelClassName },
            () => props.label
          ),
          selectButton(),
          selectPopup(collection.value.items),
          props.name ? h(Select.HiddenSelect) : null,
        ]
      )
  },
})
