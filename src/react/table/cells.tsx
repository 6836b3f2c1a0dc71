import { router } from '@inertiajs/react'
import { Switch } from '@ark-ui/react/switch'
import { useId, type ReactNode } from 'react'
import type { TableColumnContract, TableRowContract } from '../../renderers/types.ts'
import { actionUrl, cellSubmission, colorClass } from '../../renderers/shared.ts'
import { cellIcon, safeColor } from '../../renderers/table_columns.ts'
import { cellValue } from '../../renderers/values.ts'
import { KitIcon } from '../icons.tsx'
import { ChoiceSelect } from '../select_popup.tsx'
import { useText } from '../text.tsx'

interface CellProps {
  column: TableColumnContract
  row: TableRowContract
  onMutated?: () => void
}

/**
 * Send one editable cell's value to its endpoint (the page shows a refusal).
 */
function save(
  column: TableColumnContract,
  row: TableRowContract,
  value: unknown,
  props: CellProps
) {
  return new Promise<boolean>((resolve) =>
    router.patch(actionUrl(column.editUrl!, row.key), cellSubmission(row, value), {
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => {
        props.onMutated?.()
        resolve(true)
      },
      onError: () => resolve(false),
    })
  )
}

/**
 * An icon cell: the value's icon in its color, its label for screen readers.
 */
export function IconCell({ column, row }: CellProps) {
  const t = useText()
  const icon = cellIcon(column, row)
  if (!icon) return <>{cellValue(column, row, t).text}</>
  const value = row.values[column.name]
  const label =
    typeof value === 'boolean' && !column.icons?.[String(value)]?.label
      ? t(value ? 'table.yes' : 'table.no')
      : icon.label
  return (
    <span className={`kit-icon-cell ${colorClass(icon.color)}`} title={label}>
      <KitIcon name={icon.icon} />
      <span className="kit-sr-only">{label}</span>
    </span>
  )
}

/**
 * A color cell: a swatch (plain CSS colors only) and the value.
 */
export function ColorCell({ column, row }: CellProps) {
  const t = useText()
  const color = safeColor(row.values[column.name])
  return (
    <span className="kit-color-cell">
      {color ? (
        <span className="kit-color-swatch" style={{ backgroundColor: color }} aria-hidden="true" />
      ) : null}
      {cellValue(column, row, t).text}
    </span>
  )
}

/**
 * A toggle cell (Ark UI Switch): a switch when the row may be edited, else an icon.
 */
export function ToggleCell(props: CellProps) {
  const { column, row } = props
  const t = useText()
  const checked = row.values[column.name] === true
  const label = t('table.toggleValue', { label: column.label, title: row.title })
  return (
    <Switch.Root
      className="kit-switch"
      checked={checked}
      disabled={!(column.editUrl && row.actions.includes('edit'))}
      onCheckedChange={(details) => save(column, row, details.checked, props)}
    >
      <Switch.Control className="kit-switch-control">
        <Switch.Thumb className="kit-switch-thumb" />
      </Switch.Control>
      <Switch.Label className="kit-sr-only">{label}</Switch.Label>
      <Switch.HiddenInput role="switch" />
    </Switch.Root>
  )
}

/**
 * A select cell (Ark UI Select): the declared options, named by the column
 * and the row; the label of the value when the row may not be edited.
 */
export function SelectCell(props: CellProps) {
  const { column, row } = props
  const t = useText()
  const id = useId()
  const value = row.values[column.name]
  const current = value === null || value === undefined ? '' : String(value)
  if (!(column.editUrl && row.actions.includes('edit'))) {
    return <>{column.options?.find((option) => option.value === current)?.label ?? current}</>
  }
  return (
    <ChoiceSelect
      id={id}
      className="kit-cell-input"
      label={t('table.editValue', { label: column.label, title: row.title })}
      hideLabel
      choices={column.options ?? []}
      value={current}
      onChange={(picked) => save(column, row, picked, props)}
    />
  )
}

/**
 * The cell of a column kind this file draws, or undefined for the others.
 */
export function kindCell(props: CellProps): ReactNode | undefined {
  switch (props.column.type) {
    case 'icon':
      return <IconCell {...props} />
    case 'color':
      return <ColorCell {...props} />
    case 'toggle':
      return <ToggleCell {...props} />
    case 'select':
      return <SelectCell {...props} />
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
  cell: ReactNode
): ReactNode {
  const description = column.description ? row.descriptions?.[column.name] : null
  if (!description) return cell
  return (
    <div className="kit-cell-described">
      {cell}
      <span className="kit-cell-description">{description}</span>
    </div>
  )
}
