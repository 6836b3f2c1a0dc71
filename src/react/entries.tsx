import type {
  BadgeEntryContract,
  ColorEntryContract,
  HtmlEntryContract,
  IconEntryContract,
  ImageEntryContract,
  InfolistEntryContract,
  KeyValueEntryContract,
  RepeatableEntryContract,
} from '../renderers/types.ts'
import { colorClass, displayValue } from '../renderers/shared.ts'
import { entryType } from '../renderers/registry.ts'
import { entryIcon, entryValue } from '../renderers/values.ts'
import { KitHtml, KitImage } from './media.tsx'
import { KitIcon } from './icons.tsx'
import { renderKitComponent, type EntryProps } from './registry.tsx'
import { ValueView } from './values.tsx'
import { useText } from './text.tsx'

/**
 * A text entry: the value (formatted, a link, Markdown HTML).
 */
export function TextEntry({ entry }: EntryProps) {
  const t = useText()
  return <ValueView shown={entryValue(entry, t)} label={entry.label} />
}

/**
 * An image entry: its images.
 */
export function ImageEntry({ entry }: EntryProps<ImageEntryContract>) {
  return (
    <>
      {entry.image.urls.map((url) => (
        <KitImage key={url} url={url} display={entry.image} />
      ))}
    </>
  )
}

/**
 * An HTML entry: the sanitized HTML.
 */
export function HtmlEntry({ entry }: EntryProps<HtmlEntryContract>) {
  return <KitHtml html={entry.html ?? ''} />
}

/**
 * A repeatable entry: a list of its items' entries.
 */
export function RepeatableEntry({ entry }: EntryProps<RepeatableEntryContract>) {
  const t = useText()
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

/**
 * A key-value entry: a table of its rows.
 */
export function KeyValueEntry({ entry }: EntryProps<KeyValueEntryContract>) {
  const t = useText()
  if (!entry.keyValue.length) return <span className="kit-value-text">{displayValue(null, t)}</span>
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

/**
 * An icon entry: the value's icon in its color, its label for screen readers.
 */
export function IconEntry({ entry }: EntryProps<IconEntryContract>) {
  const t = useText()
  const icon = entryIcon(entry, t)!
  return (
    <span className={`kit-icon-cell ${colorClass(icon.color)}`} title={icon.label}>
      <KitIcon name={icon.icon} />
      <span className="kit-sr-only">{icon.label}</span>
    </span>
  )
}

/**
 * A color entry: a swatch (plain CSS colors only) and the value.
 */
export function ColorEntry({ entry }: EntryProps<ColorEntryContract>) {
  const t = useText()
  return (
    <span className="kit-color-cell">
      {entry.color ? (
        <span
          className="kit-color-swatch"
          style={{ backgroundColor: entry.color }}
          aria-hidden="true"
        />
      ) : null}
      <ValueView shown={entryValue(entry, t)} label={entry.label} />
    </span>
  )
}

/**
 * A badge entry: the value in a badge of its color.
 */
export function BadgeEntry({ entry }: EntryProps<BadgeEntryContract>) {
  const t = useText()
  return (
    <span className={`kit-badge ${colorClass(entry.badge.color)}`}>
      {entryValue(entry, t).text}
    </span>
  )
}

/**
 * The value of an infolist entry, drawn by the component registered for
 * its kind (`entryType()`).
 */
export function EntryView({ entry }: { entry: InfolistEntryContract }) {
  return renderKitComponent('entries', entryType(entry), { entry })
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
