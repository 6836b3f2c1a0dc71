import { useId } from 'react'
import { Checkbox } from '@ark-ui/react/checkbox'
import { Popover } from '@ark-ui/react/popover'
import type { TableContract } from '../../renderers/types.ts'
import { storeHiddenColumns } from '../../renderers/behaviour.ts'
import { hideableColumns } from '../../renderers/table_columns.ts'
import { KitIcon } from '../icons.tsx'
import { useText } from '../text.tsx'

/**
 * The "Columns" button of the table toolbar (Ark UI Popover): a checkbox
 * (Ark UI Checkbox) per column that may be hidden; the last shown column
 * cannot be hidden. The hidden columns are remembered in the browser's
 * storage under the table's label. The checkboxes exist only while the
 * popover is open (their labels are the column labels, which filters share);
 * the popover is named by its title.
 */
export function ColumnToggle({
  table,
  label,
  hidden,
  onChange,
}: {
  table: TableContract
  /** The table's label (the storage key of its hidden columns) */
  label: string
  hidden: string[]
  onChange: (hidden: string[]) => void
}) {
  const t = useText()
  const titleId = useId()
  const shown = table.columns.filter((column) => !hidden.includes(column.name)).length
  return (
    <Popover.Root
      lazyMount
      unmountOnExit
      ids={{ title: titleId }}
      positioning={{ strategy: 'fixed', placement: 'bottom-end' }}
    >
      <Popover.Trigger className="kit-button kit-column-toggle">
        <KitIcon name="view-columns" />
        {t('table.columns')}
      </Popover.Trigger>
      <Popover.Positioner className="kit-popover-positioner">
        <Popover.Content className="kit-popover kit-column-list" aria-labelledby={titleId}>
          <Popover.Title className="kit-popover-title">{t('table.shownColumns')}</Popover.Title>
          {hideableColumns(table).map((column) => {
            const visible = !hidden.includes(column.name)
            return (
              <Checkbox.Root
                key={column.name}
                className="kit-checkbox"
                checked={visible}
                disabled={visible && shown === 1}
                onCheckedChange={(details) =>
                  onChange(
                    storeHiddenColumns(
                      label,
                      details.checked === true
                        ? hidden.filter((name) => name !== column.name)
                        : [...hidden, column.name]
                    )
                  )
                }
              >
                <Checkbox.Control className="kit-checkbox-control">
                  <Checkbox.Indicator className="kit-checkbox-indicator">✓</Checkbox.Indicator>
                </Checkbox.Control>
                <Checkbox.Label className="kit-checkbox-label">{column.label}</Checkbox.Label>
                <Checkbox.HiddenInput />
              </Checkbox.Root>
            )
          })}
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  )
}
