import { Fragment } from 'react'
import type { InfolistContract, StatsWidgetContract, WidgetContract } from '../renderers/types.ts'
import { displayValue } from '../renderers/shared.ts'
import { EntryList, EntryView } from './entries.tsx'
import { useText } from './text.tsx'
import { FormLayout } from './form/layout.tsx'
import { renderKitComponent, type WidgetProps } from './registry.tsx'
import { StatTrend } from './dashboard_page.tsx'

/**
 * The read-only content of a view page.
 */
export function Infolist({ infolist }: { infolist?: InfolistContract | null }) {
  if (!infolist?.entries.length) return null
  if (infolist.layout) {
    /* sections, grids and tabs around the entries */
    return (
      <div className="kit-infolist kit-infolist-layout">
        <FormLayout
          nodes={infolist.layout}
          columns={1}
          context={{
            renderLeaf: (name) => {
              const entry = infolist.entries.find((candidate) => candidate.name === name)
              return entry ? (
                <dl className="kit-infolist-entry">
                  <dt>{entry.label}</dt>
                  <dd>
                    <EntryView entry={entry} />
                  </dd>
                </dl>
              ) : null
            },
          }}
        />
      </div>
    )
  }
  return <EntryList entries={infolist.entries} />
}

/**
 * A stats widget: its numbers with their descriptions.
 */
export function StatsWidget({ widget }: WidgetProps<StatsWidgetContract>) {
  const t = useText()
  return (
    <article className="kit-widget">
      {widget.label ? <h2>{widget.label}</h2> : null}
      {widget.stats.length ? (
        <dl className="kit-stats">
          {widget.stats.map((stat) => (
            <div key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{displayValue(stat.value, t)}</dd>
              {stat.description ? (
                <dd className="kit-stat-description">{stat.description}</dd>
              ) : null}
              <StatTrend stat={stat} />
            </div>
          ))}
        </dl>
      ) : null}
    </article>
  )
}

/**
 * Header or footer widgets of a page, each drawn by the component
 * registered for its type.
 */
export function Widgets({ widgets, label }: { widgets?: WidgetContract[] | null; label: string }) {
  if (!widgets?.length) return null
  return (
    <section className="kit-widgets" aria-label={label}>
      {widgets.map((widget) => (
        <Fragment key={widget.id}>
          {renderKitComponent('widgets', widget.type, { widget })}
        </Fragment>
      ))}
    </section>
  )
}
