import { defineComponent, h, useId, type PropType } from 'vue'
import { Checkbox } from '@ark-ui/vue/checkbox'
import { Popover } from '@ark-ui/vue/popover'
import type { TableContract } from '../../renderers/types.ts'
import { storeHiddenColumns } from '../../renderers/behaviour.ts'
import { hideableColumns } from '../../renderers/table_columns.ts'
import { part } from '../fields/field_props.ts'
import { KitIcon } from '../icons.ts'
import { useText } from '../text.ts'

/**
 * The "Columns" button of the table toolbar (Ark UI Popover): a checkbox
 * (Ark UI Checkbox) per column that may be hidden; the last shown column
 * cannot be hidden. The hidden columns are remembered in the browser's
 * storage under the table's label. The checkboxes exist only while the
 * popover is open (their labels are the column labels, which filters share);
 * the popover is named by its title.
 * Emits `change` with the new hidden columns.
 */
export const ColumnToggle = defineComponent({
  name: 'ColumnToggle',
  props: {
    table: { type: Object as PropType<TableContract>, required: true },
    /** The table's label (the storage key of its hidden columns) */
    label: { type: String, required: true },
    hidden: { type: Array as PropType<string[]>, required: true },
  },
  emits: ['change'],
  setup(props, { emit }) {
    const t = useText()
    const titleId = useId()
    return () => {
      const { table, label, hidden } = props
      const shown = table.columns.filter((column) => !hidden.includes(column.name)).length
      return h(
        Popover.Root,
        {
          lazyMount: true,
          unmountOnExit: true,
          ids: { title: titleId },
          positioning: { strategy: 'fixed', placement: 'bottom-end' },
        },
        () => [
          h(Popover.Trigger, { class: 'kit-button kit-column-toggle' }, () => [
            h(KitIcon, { name: 'view-columns' }),
            t('table.columns'),
          ]),
          h(Popover.Positioner, { class: 'kit-popover-positioner' }, () => [
            h(
              Popover.Content,
              { 'class': 'kit-popover kit-column-list', 'aria-labelledby': titleId },
              () => [
                h(Popover.Title, { class: 'kit-popover-title' }, () => t('table.shownColumns')),
                ...hideableColumns(table).map((column) => {
                  const visible = !hidden.includes(column.name)
                  return h(
                    part(Checkbox.Root),
                    {
                      'key': column.name,
                      'class': 'kit-checkbox',
                      'checked': visible,
                      'disabled': visible && shown === 1,
                      'onUpdate:checked': (checked: boolean | 'indeterminate') =>
                        emit(
                          'change',
                          storeHiddenColumns(
                            label,
                            checked === true
                              ? hidden.filter((name) => name !== column.name)
                              : [...hidden, column.name]
                          )
                        ),
                    },
                    () => [
                      h(part(Checkbox.Control), { class: 'kit-checkbox-control' }, () => [
                        h(part(Checkbox.Indicator), { class: 'kit-checkbox-indicator' }, () => '✓'),
                      ]),
                      h(part(Checkbox.Label), { class: 'kit-checkbox-label' }, () => column.label),
                      h(part(Checkbox.HiddenInput)),
                    ]
                  )
                }),
              ]
            ),
          ]),
        ]
      )
    }
  },
})
