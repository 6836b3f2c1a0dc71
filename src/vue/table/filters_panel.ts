import { defineComponent, h, ref, type PropType } from 'vue'
import { Collapsible } from '@ark-ui/vue/collapsible'
import type { TableContract } from '../../renderers/types.ts'
import { activeFilterCount } from '../../renderers/table_columns.ts'
import { part } from '../fields/field_props.ts'
import { KitIcon } from '../icons.ts'
import { useText } from '../text.ts'

/**
 * The table's filters (the default slot): behind a "Filters" button (Ark UI
 * Collapsible) that counts the active filters in a badge, the panel opening
 * below the toolbar; or an always-open row when the table says so
 * (`Table.filtersAlwaysOpen()`).
 */
export const FiltersPanel = defineComponent({
  name: 'FiltersPanel',
  props: {
    table: { type: Object as PropType<TableContract>, required: true },
  },
  setup(props, { slots }) {
    const t = useText()
    const open = ref(false)
    return () => {
      const { table } = props
      if (table.filtersOpen) {
        return h('div', { class: 'kit-filters kit-filters-open' }, slots.default?.())
      }
      const active = activeFilterCount(table)
      return h(
        part(Collapsible.Root),
        {
          'class': 'kit-filters',
          'open': open.value,
          'onUpdate:open': (value: boolean) => (open.value = value),
          'lazyMount': true,
        },
        () => [
          h(part(Collapsible.Trigger), { class: 'kit-button kit-filters-trigger' }, () => [
            h(KitIcon, { name: 'funnel' }),
            t('table.filters'),
            active
              ? h(
                  'span',
                  {
                    'class': 'kit-filters-count',
                    'aria-label': t('table.activeFilterCount', { count: active }),
                  },
                  String(active)
                )
              : null,
          ]),
          h(part(Collapsible.Content), { class: 'kit-filters-panel' }, () => slots.default?.()),
        ]
      )
    }
  },
})
