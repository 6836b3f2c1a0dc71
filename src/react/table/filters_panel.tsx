import { useState, type ReactNode } from 'react'
import { Collapsible } from '@ark-ui/react/collapsible'
import type { TableContract } from '../../renderers/types.ts'
import { activeFilterCount } from '../../renderers/table_columns.ts'
import { KitIcon } from '../icons.tsx'
import { useText } from '../text.tsx'

/**
 * The table's filters: behind a "Filters" button (Ark UI Collapsible) that
 * counts the active filters in a badge, the panel opening below the
 * toolbar; or an always-open row when the table says so
 * (`Table.filtersAlwaysOpen()`).
 */
export function FiltersPanel({ table, children }: { table: TableContract; children: ReactNode }) {
  const t = useText()
  const [open, setOpen] = useState(false)
  if (table.filtersOpen) {
    return <div className="kit-filters kit-filters-open">{children}</div>
  }
  const active = activeFilterCount(table)
  return (
    <Collapsible.Root
      className="kit-filters"
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      lazyMount
    >
      <Collapsible.Trigger className="kit-button kit-filters-trigger">
        <KitIcon name="funnel" />
        {t('table.filters')}
        {active ? (
          <span
            className="kit-filters-count"
            aria-label={t('table.activeFilterCount', { count: active })}
          >
            {active}
          </span>
        ) : null}
      </Collapsible.Trigger>
      <Collapsible.Content className="kit-filters-panel">{children}</Collapsible.Content>
    </Collapsible.Root>
  )
}
