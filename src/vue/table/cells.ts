import { defineComponent, h, useId, type PropType, type VNode } from 'vue'
import { router } from '@inertiajs/vue3'
import { Switch } from '@ark-ui/vue/switch'
import type {
  BadgeColumnContract,
  ColorColumnContract,
  IconColumnContract,
  ImageColumnContract,
  SelectColumnContract,
  TableColumnContract,
  TableRowContract,
  TextColumnContract,
  TextInputColumnContract,
  ToggleColumnContract,
} from '../../renderers/types.ts'
import { actionUrl, cellSubmission, colorClass } from '../../renderers/shared.ts'
import { cellIcon, safeColor } from '../../renderers/table_columns.ts'
import { cellValue } from '../../renderers/values.ts'
import type { KitText } from '../../renderers/text.ts'
import { KitIcon } from '../icons.ts'
import { renderImage } from '../media.ts'
import { renderComponent, type CellProps } from '../registry.ts'
import { ChoiceSelect } from '../select_popup.ts'
import { useText } from '../text.ts'
import { ValueView } from '../values.ts'

/**
 * Send one editable cell's value to its endpoint (the page shows a refusal).
 */
function save(
  column: TableColumnContract,
  row: TableRowContract,
  value: unknown,
  onMutated: () => void
) {
  router.patch(actionUrl(column.editUrl!, row.key), cellSubmission(row, value), {
    preserveScroll: true,
    preserveState: true,
    onSuccess: () => onMutated(),
  })
}

/**
 * A toggle cell (Ark UI Switch): a switch, disabled when the row may not be edited.
 */
const ToggleCell = defineComponent({
  name: 'KitToggleCell',
  props: {
    column: { type: Object as PropType<TableColumnContract>, required: true },
    row: { type: Object as PropType<TableRowContract>, required: true },
    label: { type: String, required: true },
    onMutated: { type: Function as PropType<() => void>, required: true },
  },
  setup(props) {
    return () =>
      h(
        Switch.Root,
        {
          class: 'kit-switch',
          checked: props.row.values[props.column.name] === true,
          disabled: !(props.column.editUrl && props.row.actions.includes('edit')),
          onCheckedChange: (details: { checked: boolean }) =>
            save(props.column, props.row, details.checked, props.onMutated),
        },
        () => [
          h(Switch.Control, { class: 'kit-switch-control' }, () => [
            h(Switch.Thumb, { class: 'kit-switch-thumb' }),
          ]),
          h(Switch.Label, { class: 'kit-sr-only' }, () => props.label),
          h(Switch.HiddenInput, { role: 'switch' }),
        ]
      )
  },
})

/**
 * A select cell (Ark UI Select): the declared options, named by the column
 * and the row (drawn when the row may be edited).
 */
const SelectCell = defineComponent({
  name: 'KitSelectCell',
  props: {
    column: { type: Object as PropType<TableColumnContract>, required: true },
    row: { type: Object as PropType<TableRowContract>, required: true },
    label: { type: String, required: true },
    value: { type: String, required: true },
    onMutated: { type: Function as PropType<() => void>, required: true },
  },
  setup(props) {
    const id = useId()
    return () =>
      h(ChoiceSelect, {
        id,
        className: 'kit-cell-input',
        label: props.label,
        hideLabel: true,
        choices: props.column.options ?? [],
        value: props.value,
        onChange: (picked: string) => save(props.column, props.row, picked, props.onMutated),
      })
  },
})

/**
 * An icon cell: the value's icon in its color, its label for screen readers.
 */
export const IconCell = renderComponent(({ column, row }: CellProps<IconColumnContract>) => {
  const t = useText()
  const value = row.values[column.name]
  const icon = cellIcon(column, row)
  if (!icon) return cellValue(column, row, t).text
  const label =
    typeof value === 'boolean' && !column.icons?.[String(value)]?.label
      ? t(value ? 'table.yes' : 'table.no')
      : icon.label
  return h('span', { class: `kit-icon-cell ${colorClass(icon.color)}`, title: label }, [
    h(KitIcon, { name: icon.icon }),
    h('span', { class: 'kit-sr-only' }, label),
  ])
})

/**
 * A color cell: a swatch (plain CSS colors only) and the value.
 */
export const ColorCell = renderComponent(({ column, row }: CellProps<ColorColumnContract>) => {
  const t = useText()
  const color = safeColor(row.values[column.name])
  return h('span', { class: 'kit-color-cell' }, [
    color
      ? h('span', {
          'class': 'kit-color-swatch',
          'style': { backgroundColor: color },
          'aria-hidden': 'true',
        })
      : null,
    cellValue(column, row, t).text,
  ])
})

/**
 * A toggle cell: a switch named by the column and the row.
 */
export const ToggleColumnCell = renderComponent(
  ({ column, row, onMutated }: CellProps<ToggleColumnContract>) => {
    const t = useText()
    return h(ToggleCell, {
      column,
      row,
      label: t('table.toggleValue', { label: column.label, title: row.title }),
      onMutated: onMutated ?? (() => {}),
    })
  }
)

/**
 * A select cell: the options when the row may be edited, else the label of
 * the value.
 */
export const SelectColumnCell = renderComponent(
  ({ column, row, onMutated }: CellProps<SelectColumnContract>) => {
    const t = useText()
    const value = row.values[column.name]
    const current = value === null || value === undefined ? '' : String(value)
    if (!(column.editUrl && row.actions.includes('edit'))) {
      return column.options?.find((option) => option.value === current)?.label ?? current
    }
    return h(SelectCell, {
      column,
      row,
      label: t('table.editValue', { label: column.label, title: row.title }),
      value: current,
      onMutated: onMutated ?? (() => {}),
    })
  }
)

/**
 * The input of an editable cell, when the row may edit the column's value:
 * the value is saved when the person leaves it or presses Enter; a refused
 * value shows the stored one again (the page shows the error).
 */
function cellInput({ column, row, onMutated }: CellProps, t: KitText): VNode | null {
  if (!(column.editable && column.editUrl && row.actions.includes('edit'))) return null
  const value = row.values[column.name]
  const initial = value === null || value === undefined ? '' : String(value)
  return h('input', {
    'key': initial,
    'class': 'kit-cell-input',
    'aria-label': t('table.editValue', { label: column.label, title: row.title }),
    'value': initial,
    'onKeydown': (event: KeyboardEvent) => {
      if (event.key === 'Enter') (event.target as HTMLInputElement).blur()
    },
    'onBlur': (event: FocusEvent) => {
      const input = event.target as HTMLInputElement
      if (input.value === initial) return
      router.patch(actionUrl(column.editUrl!, row.key), cellSubmission(row, input.value), {
        preserveScroll: true,
        preserveState: true,
        onSuccess: () => onMutated?.(),
        onError: () => {
          input.value = initial
        },
      })
    },
  })
}

/**
 * A text (or text input) cell: an input when the row may edit it, else the
 * value (formatted, a link, Markdown HTML).
 */
export const TextCell = renderComponent(
  (props: CellProps<TextColumnContract | TextInputColumnContract>) => {
    const t = useText()
    return (
      cellInput(props, t) ??
      h(ValueView, { shown: cellValue(props.column, props.row, t), label: props.column.label })
    )
  }
)

/**
 * An image cell: the image at the column's size.
 */
export const ImageCell = renderComponent((props: CellProps<ImageColumnContract>) => {
  const { column, row } = props
  const value = row.values[column.name]
  return (
    cellInput(props, useText()) ??
    (typeof value === 'string' && column.image ? renderImage(value, column.image) : null)
  )
})

/**
 * A badge cell: the value in a badge of its color.
 */
export const BadgeCell = renderComponent((props: CellProps<BadgeColumnContract>) => {
  const { column, row } = props
  const t = useText()
  const value = row.values[column.name]
  const color = value === null || value === undefined ? null : column.colors?.[String(value)]
  return (
    cellInput(props, t) ??
    h('span', { class: `kit-badge ${colorClass(color)}` }, cellValue(column, row, t).text)
  )
})

/**
 * A cell with the line the server wrote under its value, when it has one.
 */
export function withDescription(
  column: TableColumnContract,
  row: TableRowContract,
  cell: VNode | string | null
): VNode | string | null {
  const description = column.description ? row.descriptions?.[column.name] : null
  if (!description) return cell
  return h('div', { class: 'kit-cell-described' }, [
    cell,
    h('span', { class: 'kit-cell-description' }, description),
  ])
}
