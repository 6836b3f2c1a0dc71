import { router } from '@inertiajs/react'
import { Switch } from '@ark-ui/react/switch'
import { useId, type ReactNode } from 'react'
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
import { KitIcon } from '../icons.tsx'
import { KitImage } from '../media.tsx'
import type { CellProps } from '../registry.tsx'
import { ValueView } from '../values.tsx'
import { ChoiceSelect } from '../select_popup.tsx'
import { useText } from '../text.tsx'

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
export function IconCell({ column, row }: CellProps<IconColumnContract>) {
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
export function ColorCell({ column, row }: CellProps<ColorColumnContract>) {
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
export function ToggleCell(props: CellProps<ToggleColumnContract>) {
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
export function SelectCell(props: CellProps<SelectColumnContract>) {
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
 * The input of an editable cell: the value is saved when the person leaves
 * it or presses Enter; a refused value shows the stored one again (the page
 * shows the error).
 */
function CellInput({ column, row, onMutated }: CellProps) {
  const t = useText()
  const value = row.values[column.name]
  const initial = value === null || value === undefined ? '' : String(value)
  return (
    <input
      className="kit-cell-input"
      aria-label={t('table.editValue', { label: column.label, title: row.title })}
      defaultValue={initial}
      key={initial}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur()
      }}
      onBlur={(event) => {
        const input = event.currentTarget
        if (input.value === initial) return
        router.patch(actionUrl(column.editUrl!, row.key), cellSubmission(row, input.value), {
          preserveScroll: true,
          preserveState: true,
          onSuccess: () => onMutated?.(),
          onError: () => {
            input.value = initial
          },
        })
      }}
    />
  )
}

/**
 * Whether the row may edit the column's value in place.
 */
function editableHere({ column, row }: CellProps) {
  return column.editable && column.editUrl && row.actions.includes('edit')
}

/**
 * A text (or text input) cell: an input when the row may edit it, else the
 * value (formatted, a link, Markdown HTML).
 */
export function TextCell(props: CellProps<TextColumnContract | TextInputColumnContract>) {
  const t = useText()
  return editableHere(props) ? (
    <CellInput {...props} />
  ) : (
    <ValueView shown={cellValue(props.column, props.row, t)} label={props.column.label} />
  )
}

/**
 * An image cell: the image at the column's size.
 */
export function ImageCell(props: CellProps<ImageColumnContract>) {
  const { column, row } = props
  if (editableHere(props)) return <CellInput {...props} />
  const value = row.values[column.name]
  return typeof value === 'string' && column.image ? (
    <KitImage url={value} display={column.image} />
  ) : null
}

/**
 * A badge cell: the value in a badge of its color.
 */
export function BadgeCell(props: CellProps<BadgeColumnContract>) {
  const { column, row } = props
  const t = useText()
  if (editableHere(props)) return <CellInput {...props} />
  const value = row.values[column.name]
  const color = value === null || value === undefined ? null : column.colors?.[String(value)]
  return <span className={`kit-badge ${colorClass(color)}`}>{cellValue(column, row, t).text}</span>
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
