import { defineComponent, h, type PropType } from 'vue'
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
import { renderComponent, renderKitComponent, type EntryProps } from './registry.ts'
import { renderHtml, renderImage } from './media.ts'
import { KitIcon } from './icons.ts'
import { ValueView } from './values.ts'
import { useText } from './text.ts'

/**
 * A text entry: the value (formatted, a link, Markdown HTML).
 */
export const TextEntry = renderComponent(({ entry }: EntryProps) =>
  h(ValueView, { shown: entryValue(entry, useText()), label: entry.label })
)

/**
 * An image entry: its images.
 */
export const ImageEntry = renderComponent(({ entry }: EntryProps<ImageEntryContract>) =>
  entry.image.urls.map((url) => renderImage(url, entry.image))
)

/**
 * An HTML entry: the sanitized HTML.
 */
export const HtmlEntry = renderComponent(({ entry }: EntryProps<HtmlEntryContract>) =>
  renderHtml(entry.html ?? '')
)

/**
 * A repeatable entry: a list of its items' entries.
 */
export const RepeatableEntry = renderComponent(({ entry }: EntryProps<RepeatableEntryContract>) => {
  const t = useText()
  if (!entry.items.length) return h('span', { class: 'kit-value-text' }, t('infolist.noItems'))
  return h(
    'ol',
    { class: 'kit-repeatable-entry' },
    entry.items.map((item, index) =>
      h(
        'li',
        {
          'key': index,
          'class': 'kit-repeatable-item',
          'aria-label': t('infolist.item', { index: index + 1 }),
        },
        [h(EntryList, { entries: item })]
      )
    )
  )
})

/**
 * A key-value entry: a table of its rows.
 */
export const KeyValueEntry = renderComponent(({ entry }: EntryProps<KeyValueEntryContract>) => {
  const t = useText()
  if (!entry.keyValue.length) {
    return h('span', { class: 'kit-value-text' }, displayValue(null, t))
  }
  return h('table', { class: 'kit-key-value-entry' }, [
    h('thead', [
      h('tr', [
        h('th', { scope: 'col' }, entry.keyValueLabels?.key ?? t('form.keyValue.key')),
        h('th', { scope: 'col' }, entry.keyValueLabels?.value ?? t('form.keyValue.value')),
      ]),
    ]),
    h(
      'tbody',
      entry.keyValue.map((row, index) =>
        h('tr', { key: index }, [h('th', { scope: 'row' }, row.key), h('td', row.value)])
      )
    ),
  ])
})

/**
 * An icon entry: the value's icon in its color, its label for screen readers.
 */
export const IconEntry = renderComponent(({ entry }: EntryProps<IconEntryContract>) => {
  const icon = entryIcon(entry, useText())!
  return h('span', { class: `kit-icon-cell ${colorClass(icon.color)}`, title: icon.label }, [
    h(KitIcon, { name: icon.icon }),
    h('span', { class: 'kit-sr-only' }, icon.label),
  ])
})

/**
 * A color entry: a swatch (plain CSS colors only) and the value.
 */
export const ColorEntry = renderComponent(({ entry }: EntryProps<ColorEntryContract>) =>
  h('span', { class: 'kit-color-cell' }, [
    entry.color
      ? h('span', {
          'class': 'kit-color-swatch',
          'style': { backgroundColor: entry.color },
          'aria-hidden': 'true',
        })
      : null,
    h(ValueView, { shown: entryValue(entry, useText()), label: entry.label }),
  ])
)

/**
 * A badge entry: the value in a badge of its color.
 */
export const BadgeEntry = renderComponent(({ entry }: EntryProps<BadgeEntryContract>) =>
  h(
    'span',
    { class: `kit-badge ${colorClass(entry.badge.color)}` },
    entryValue(entry, useText()).text
  )
)

/**
 * The value of an infolist entry, drawn by the component registered for
 * its kind (`entryType()`).
 */
export const EntryView = defineComponent({
  name: 'KitEntryView',
  props: { entry: { type: Object as PropType<InfolistEntryContract>, required: true } },
  setup(props) {
    return () => renderKitComponent('entries', entryType(props.entry), { entry: props.entry })
  },
})

/**
 * Entries as a description list: a label and a value each.
 */
export const EntryList = defineComponent({
  name: 'KitEntryList',
  props: { entries: { type: Array as PropType<InfolistEntryContract[]>, required: true } },
  setup(props) {
    return () =>
      h(
        'dl',
        { class: 'kit-infolist' },
        props.entries.map((entry) =>
          h('div', { key: entry.name, class: 'kit-infolist-entry' }, [
            h('dt', entry.label),
            h('dd', [h(EntryView, { entry })]),
          ])
        )
      )
  },
})
