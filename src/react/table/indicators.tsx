import type { FilterIndicatorContract, TableContract } from '../../renderers/types.ts'
import type { TableQueryChange } from '../../renderers/shared.ts'
import { withoutIndicator } from '../../renderers/table_columns.ts'
import { KitIcon } from '../icons.tsx'
import { useText } from '../text.tsx'

/**
 * The active filters as the server labels them, each with a remove
 * button, and a button that clears them all.
 */
export function FilterIndicators({
  table,
  go,
  onReset,
}: {
  table: TableContract
  go: (change: TableQueryChange) => void
  /** Tables kept in the session: forget the stored state */
  onReset?: () => void
}) {
  const t = useText()
  const indicators = table.indicators ?? []
  const changed = indicators.length > 0 || !!table.search || !!table.sort
  if (!indicators.length && !(onReset && changed)) return null
  const key = (indicator: FilterIndicatorContract) => `${indicator.filter}-${indicator.rule ?? ''}`
  return (
    <div className="kit-indicators" role="group" aria-label={t('table.activeFilters')}>
      {indicators.map((indicator) => (
        <span className="kit-indicator" key={key(indicator)}>
          {indicator.label}
          <button
            type="button"
            className="kit-indicator-remove"
            aria-label={t('table.removeFilter', { label: indicator.label })}
            onClick={() => go({ filters: withoutIndicator(table, indicator) })}
          >
            <KitIcon name="x-mark" />
          </button>
        </span>
      ))}
      {indicators.length ? (
        <button
          type="button"
          className="kit-button kit-button-link"
          onClick={() =>
            go({
              filters: Object.fromEntries(indicators.map((indicator) => [indicator.filter, null])),
            })
          }
        >
          {t('table.resetFilters')}
        </button>
      ) : null}
      {onReset ? (
        <button type="button" className="kit-button kit-button-link" onClick={onReset}>
          {t('table.reset')}
        </button>
      ) : null}
    </div>
  )
}
