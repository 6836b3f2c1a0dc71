import { defineComponent, h, useId, type PropType, type VNode } from 'vue'
import { router } from '@inertiajs/vue3'
import { Switch } from '@ark-ui/vue/switch'
import type { TableColumnContract, TableRowContract } from '../../renderers/types.ts'
import { actionUrl, cellSubmission, colorClass } from '../../renderers/shared.ts'
import { cellIcon, safeColor } from '../../renderers/table_columns.ts'
import { cellValue } from '../../renderers/values.ts'
import type { KitText } from '../../renderers/text.ts'
import { KitIcon } from '../icons.ts'
import { ChoiceSelect } from '../select_popup.ts'

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
 * The cell of a column kind this file draws (icon, color, toggle, select),
 * or undefined for the others.
 */
export function kindCell(
  column: TableColumnContract,
  row: TableRowContract,
  t: KitText,
  onMutated: () => void
): VNode | string | undefined {
  const value = row.values[column.name]
  switch (column.type) {
    case 'icon': {
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
    }
    case 'color': {
      const color = safeColor(value)
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
    }
    case 'toggle':
      return h(ToggleCell, {
        column,
        row,
        label: t('table.toggleValue', { label: column.label, title: row.title }),
        onMutated,
      })
    case 'select': {
      const current = value === null || value === undefined ? '' : String(value)
      if (!(column.editUrl && row.actions.includes('edit'))) {
        return column.options?.find((option) => option.value === current)?.label ?? current
      }
      return h(SelectCell, {
        column,
        row,
        label: t('table.editValue', { label: column.label, title: row.title }),
        value: current,
        onMutated,
      })
    }
    default:
      return undefined
  }
}

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
