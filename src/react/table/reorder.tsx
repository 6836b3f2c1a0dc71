import { router } from '@inertiajs/react'
import type { TableContract, TableRowContract } from '../../renderers/types.ts'
import { reorderBody } from '../../renderers/table_columns.ts'
import { KitIcon } from '../icons.tsx'
import { KitTooltip } from '../tooltip.tsx'
import { useText } from '../text.tsx'

/**
 * Send a move of the row at `from` to `to` (the server stores the order).
 */
export function moveRow(table: TableContract, from: number, to: number, onMutated?: () => void) {
  if (!table.reorder || from === to || to < 0 || to >= table.rows.length) return
  router.post(table.reorder.url, reorderBody(table, from, to), {
    preserveScroll: true,
    preserveState: true,
    onSuccess: () => onMutated?.(),
  })
}

/**
 * The reorder cell of a row: a drag handle and move up / move down buttons
 * (the keyboard way to reorder).
 */
export function ReorderCell({
  table,
  row,
  index,
  onMutated,
}: {
  table: TableContract
  row: TableRowContract
  index: number
  onMutated?: () => void
}) {
  const t = useText()
  const allowed = row.actions.includes('edit')
  return (
    <td className="kit-reorder">
      <span className="kit-reorder-handle" aria-hidden="true">
        <KitIcon name="bars-3" />
      </span>
      <KitTooltip label={t('table.moveUp', { title: row.title })}>
        <button
          type="button"
          className="kit-icon-button"
          aria-label={t('table.moveUp', { title: row.title })}
          disabled={!allowed || index === 0}
          onClick={() => moveRow(table, index, index - 1, onMutated)}
        >
          <KitIcon name="chevron-up" />
        </button>
      </KitTooltip>
      <KitTooltip label={t('table.moveDown', { title: row.title })}>
        <button
          type="button"
          className="kit-icon-button"
          aria-label={t('table.moveDown', { title: row.title })}
          disabled={!allowed || index === table.rows.length - 1}
          onClick={() => moveRow(table, index, index + 1, onMutated)}
        >
          <KitIcon name="chevron-down" />
        </button>
      </KitTooltip>
    </td>
  )
}
