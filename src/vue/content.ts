import { defineComponent, h, type PropType } from 'vue'
import type { InfolistContract, StatsWidgetContract, WidgetContract } from '../renderers/types.ts'
import { displayValue } from '../renderers/shared.ts'
import { EntryList, EntryView } from './entries.ts'
import { useText } from './text.ts'
import { formLayout } from './form/layout.ts'
import { renderComponent, renderKitComponent, type WidgetProps } from './registry.ts'
import { statTrend } from './dashboard_page.ts'

/**
 * The read-only content of a view page.
 */
export const Infolist = defineComponent({
  name: 'Infolist',
  props: { infolist: { type: Object as PropType<InfolistContract | null>, default: null } },
  setup(props) {
    return () => {
      const infolist = props.infolist
      if (!infolist?.entries.length) return null
      if (infolist.layout) {
        /* sections, grids and tabs around the entries */
        return h(
          'div',
          { class: 'kit-infolist kit-infolist-layout' },
          formLayout(infolist.layout, 1, {
            renderLeaf: (name) => {
              const entry = infolist.entries.find((candidate) => candidate.name === name)
              return entry
                ? h('dl', { class: 'kit-infolist-entry' }, [
                    h('dt', entry.label),
                    h('dd', [h(EntryView, { entry })]),
                  ])
                : null
            },
          })
        )
      }
      return h(EntryList, { entries: infolist.entries })
    }
  },
})

/**
 * A stats widget: its numbers with their descriptions.
 */
export const StatsWidget = renderComponent(({ widget }: WidgetProps<StatsWidgetContract>) => {
  const t = useText()
  return h('article', { class: 'kit-widget' }, [
    widget.label ? h('h2', widget.label) : null,
    widget.stats.length
      ? h(
          'dl',
          { class: 'kit-stats' },
          widget.stats.map((stat) =>
            h('div', { key: stat.label }, [
              h('dt', stat.label),
              h('dd', displayValue(stat.value, t)),
              stat.description
                ? h('dd', { class: 'kit-stat-description' }, stat.description)
                : null,
              ...statTrend(stat),
            ])
          )
        )
      : null,
  ])
})

/**
 * Header or footer widgets of a page, each drawn by the component
 * registered for its type.
 */
export const Widgets = defineComponent({
  name: 'Widgets',
  props: {
    widgets: { type: Array as PropType<WidgetContract[] | null>, default: null },
    label: { type: String, required: true },
  },
  setup(props) {
    return () =>
      props.widgets?.length
        ? h(
            'section',
            { 'class': 'kit-widgets', 'aria-label': props.label },
            props.widgets.map((widget) =>
              renderKitComponent('widgets', widget.type, { key: widget.id, widget })
            )
          )
        : null
  },
})
