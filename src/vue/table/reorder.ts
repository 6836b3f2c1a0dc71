import { h } from 'vue'
import { router } from '@inertiajs/vue3'
import type { TableContract, TableRowContract } from '../../renderers/types.ts'
import type { KitText } from '../../renderers/text.ts'
import { reorderBody } from '../../renderers/table_columns.ts'
import { KitIcon } from '../icons.ts'
import { KitTooltip } from '../tooltip.ts'

/**
 * Send a move of the row at `from` to `to` (the server stores the order).
 */
export function moveRow(table: TableContract, from: number, to: number, onMutated: () => void) {
  if (!table.reorder || from === to || to < 0 || to >= table.rows.length) return
  router.post(table.reorder.url, reorderBody(table, from, to), {
    preserveScroll: true,
    preserveState: true,
    onSuccess: () => onMutated(),
  })
}

/**
 * The reorder cell of a row: a drag handle and move up / move down buttons
 * (the keyboard way to reorder).
 */
export function reorderCell(
  table: TableContract,
  row: TableRowContract,
  index: number,
  t: KitText,
  onMutated: () => void
) {
  const allowed = row.actions.includes('edit')
  return h('td', { class: 'kit-reorder' }, [
    h('span', { 'class': 'kit-reorder-handle', 'aria-hidden': 'true' }, [
      h(KitIcon, { name: 'bars-3' }),
    ]),
    h(KitTooltip, { label: t('table.moveUp', { title: row.title }) }, () => [
      h(
        'button',
        {
          'type': 'button',
          'class': 'kit-icon-button',
          'aria-label': t('table.moveUp', { title: row.title }),
          'disabled': !allowed || index === 0,
          'onClick': () => moveRow(table, index, index - 1, onMutated),
        },
        [h(KitIcon, { name: 'chevron-up' })]
      ),
    ]),
    h(KitTooltip, { label: t('table.moveDown', { title: row.title }) }, () => [
      h(
        'button',
        {
          'type': 'button',
          'class': 'kit-icon-button',
          'aria-label': t('table.moveDown', { title: row.title }),
          'disabled': !allowed || index === table.rows.length - 1,
          'onClick': () => moveRow(table, index, index + 1, onMutated),
        },
        [h(KitIcon, { name: 'chevron-down' })]
      ),
    ]),
  ])
}
