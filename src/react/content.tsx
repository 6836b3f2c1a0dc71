import type { InfolistContract, WidgetContract } from '../renderers/types.ts'
import { KitHtml, KitImage } from './media.tsx'
import { displayValue } from '../renderers/shared.ts'
import { entryValue } from '../renderers/values.ts'
import { ValueView } from './values.tsx'
import { useText } from './text.tsx'
import { FormLayout } from './form/layout.tsx'

/**
 * The read-only content of a view page.
 */
export function Infolist({ infolist }: { infolist?: InfolistContract | null }) {
  const t = useText()
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
                    <ValueView shown={entryValue(entry, t)} label={entry.label} />
                  </dd>
                </dl>
              ) : null
            },
          }}
        />
      </div>
    )
  }
  return (
    <dl className="kit-infolist">
      {infolist.entries.map((entry) => (
        <div key={entry.name} className="kit-infolist-entry">
          <dt>{entry.label}</dt>
          <dd>
            {entry.image ? (
              entry.image.urls.map((url) => <KitImage key={url} url={url} display={entry.image!} />)
            ) : entry.html !== undefined ? (
              <KitHtml html={entry.html ?? ''} />
            ) : (
              <ValueView shown={entryValue(entry, t)} label={entry.label} />
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
  const t = useText()
  if (!widgets?.length) return null
  return (
    <section className="kit-widgets" aria-label={label}>
      {widgets.map((widget) => (
        <article key={widget.id} className="kit-widget">
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
                </div>
              ))}
            </dl>
          ) : null}
        </article>
      ))}
    </section>
  )
}
