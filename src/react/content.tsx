import type { InfolistContract, WidgetContract } from '../renderers/types.ts'
import { colorClass, displayValue } from '../renderers/shared.ts'

/**
 * The read-only content of a view page.
 */
export function Infolist({ infolist }: { infolist?: InfolistContract | null }) {
  if (!infolist?.entries.length) return null
  return (
    <dl className="kit-infolist" style={{ ['--kit-columns' as any]: infolist.columns }}>
      {infolist.entries.map((entry) => (
        <div key={entry.name} className="kit-infolist-entry">
          <dt>{entry.label}</dt>
          <dd>
            {entry.type === 'badge' ? (
              <span className={`kit-badge ${colorClass(entry.color)}`}>
                {displayValue(entry.value)}
              </span>
            ) : (
              displayValue(entry.value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * Header or footer widgets of a page.
 */
export function Widgets({ widgets, label }: { widgets?: WidgetContract[] | null; label: string }) {
  if (!widgets?.length) return null
  return (
    <section className="kit-widgets" aria-label={label}>
      {widgets.map((widget) => (
        <article key={widget.id} className="kit-widget">
          {widget.label ? <h2>{widget.label}</h2> : null}
          {widget.stats?.length ? (
            <dl className="kit-stats">
              {widget.stats.map((stat) => (
                <div key={stat.label}>
                  <dt>{stat.label}</dt>
                  <dd>{stat.value}</dd>
                  {stat.description ? (
                    <dd className="kit-stat-description">{stat.description}</dd>
                  ) : null}
                </div>
              ))}
            </dl>
          ) : null}
          {widget.body ? <p>{widget.body}</p> : null}
        </article>
      ))}
    </section>
  )
}
