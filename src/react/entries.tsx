import type { InfolistEntryContract } from '../renderers/types.ts'
import { colorClass, displayValue } from '../renderers/shared.ts'
import { entryIcon, entryValue } from '../renderers/values.ts'
import { KitHtml, KitImage } from './media.tsx'
import { KitIcon } from './icons.tsx'
import { ValueView } from './values.tsx'
import { useText } from './text.tsx'

/**
 * The value of an infolist entry, drawn by its kind: images, sanitized
 * HTML, the items of a repeatable entry, key-value rows, an icon, a color
 * swatch, a badge, or the value (formatted, a link, Markdown HTML).
 */
export function EntryView({ entry }: { entry: InfolistEntryContract }) {
  const t = useText()
  if (entry.image) {
    return (
      <>
        {entry.image.urls.map((url) => (
          <KitImage key={url} url={url} display={entry.image!} />
        ))}
      </>
    )
  }
  if (entry.html !== undefined) return <KitHtml html={entry.html ?? ''} />
  if (entry.items) {
    if (!entry.items.length) return <span className="kit-value-text">{t('infolist.noItems')}</span>
    return (
      <ol className="kit-repeatable-entry">
        {entry.items.map((item, index) => (
          <li
            key={index}
            className="kit-repeatable-item"
            aria-label={t('infolist.item', { index: index + 1 })}
          >
            <EntryList entries={item} />
          </li>
        ))}
      </ol>
    )
  }
  if (entry.keyValue) {
    if (!entry.keyValue.length)
      return <span className="kit-value-text">{displayValue(null, t)}</span>
    return (
      <table className="kit-key-value-entry">
        <thead>
          <tr>
            <th scope="col">{entry.keyValueLabels?.key ?? t('form.keyValue.key')}</th>
            <th scope="col">{entry.keyValueLabels?.value ?? t('form.keyValue.value')}</th>
          </tr>
        </thead>
        <tbody>
          {entry.keyValue.map((row, index) => (
            <tr key={index}>
              <th scope="row">{row.key}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    )
  }
  const icon = entryIcon(entry, t)
  if (icon) {
    return (
      <span className={`kit-icon-cell ${colorClass(icon.color)}`} title={icon.label}>
        <KitIcon name={icon.icon} />
        <span className="kit-sr-only">{icon.label}</span>
      </span>
    )
  }
  const shown = entryValue(entry, t)
  if (entry.color !== undefined) {
    return (
      <span className="kit-color-cell">
        {entry.color ? (
          <span
            className="kit-color-swatch"
            style={{ backgroundColor: entry.color }}
            aria-hidden="true"
          />
        ) : null}
        <ValueView shown={shown} label={entry.label} />
      </span>
    )
  }
  if (entry.badge && entry.value !== null) {
    return <span className={`kit-badge ${colorClass(entry.badge.color)}`}>{shown.text}</span>
  }
  return <ValueView shown={shown} label={entry.label} />
}

/**
 * Entries as a description list: a label and a value each.
 */
export function EntryList({ entries }: { entries: InfolistEntryContract[] }) {
  return (
    <dl className="kit-infolist">
      {entries.map((entry) => (
        <div key={entry.name} className="kit-infolist-entry">
          <dt>{entry.label}</dt>
          <dd>
            <EntryView entry={entry} />
          </dd>
        </div>
      ))}
    </dl>
  )
}
