import { h } from 'vue'
import type { TableContract } from '../../renderers/types.ts'
import type { TableQueryChange } from '../../renderers/shared.ts'
import type { KitText } from '../../renderers/text.ts'
import { withoutIndicator } from '../../renderers/table_columns.ts'
import { KitIcon } from '../icons.ts'

/**
 * The active filters as the server labels them, each with a remove
 * button, and a button that clears them all.
 */
export function filterIndicators(
  table: TableContract,
  go: (change: TableQueryChange) => void,
  t: KitText,
  onReset?: () => void
) {
  const indicators = table.indicators ?? []
  const changed = indicators.length > 0 || !!table.search || !!table.sort
  if (!indicators.length && !(onReset && changed)) return null
  return h(
    'div',
    { 'class': 'kit-indicators', 'role': 'group', 'aria-label': t('table.activeFilters') },
    [
      ...indicators.map((indicator) =>
        h('span', { class: 'kit-indicator', key: `${indicator.filter}-${indicator.rule ?? ''}` }, [
          indicator.label,
          h(
            'button',
            {
              'type': 'button',
              'class': 'kit-indicator-remove',
              'aria-label': t('table.removeFilter', { label: indicator.label }),
              'onClick': () => go({ filters: withoutIndicator(table, indicator) }),
            },
            [h(KitIcon, { name: 'x-mark' })]
          ),
        ])
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'kit-button kit-button-link',
          onClick: () =>
            go({
              filters: Object.fromEntries(indicators.map((indicator) => [indicator.filter, null])),
            }),
        },
        t('table.resetFilters')
      ),
    ]
  )
}
