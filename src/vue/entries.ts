import { defineComponent, h, type PropType, type VNode } from 'vue'
import type { InfolistEntryContract } from '../renderers/types.ts'
import { colorClass, displayValue } from '../renderers/shared.ts'
import { entryIcon, entryValue } from '../renderers/values.ts'
import type { KitText } from '../renderers/text.ts'
import { renderHtml, renderImage } from './media.ts'
import { KitIcon } from './icons.ts'
import { ValueView } from './values.ts'
import { useText } from './text.ts'

/**
 * The value of an infolist entry, drawn by its kind: images, sanitized
 * HTML, the items of a repeatable entry, key-value rows, an icon, a color
 * swatch, a badge, or the value (formatted, a link, Markdown HTML).
 */
function renderEntry(entry: InfolistEntryContract, t: KitText): VNode | VNode[] {
  if (entry.image) return entry.image.urls.map((url) => renderImage(url, entry.image!))
  if (entry.html !== undefined) return renderHtml(entry.html ?? '')
  if (entry.items) {
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
  }
  if (entry.keyValue) {
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
  }
  const icon = entryIcon(entry, t)
  if (icon) {
    return h('span', { class: `kit-icon-cell ${colorClass(icon.color)}`, title: icon.label }, [
      h(KitIcon, { name: icon.icon }),
      h('span', { class: 'kit-sr-only' }, icon.label),
    ])
  }
  const shown = entryValue(entry, t)
  if (entry.color !== undefined) {
    return h('span', { class: 'kit-color-cell' }, [
      entry.color
        ? h('span', {
            'class': 'kit-color-swatch',
            'style': { backgroundColor: entry.color },
            'aria-hidden': 'true',
          })
        : null,
      h(ValueView, { shown, label: entry.label }),
    ])
  }
  if (entry.badge && entry.value !== null) {
    return h('span', { class: `kit-badge ${colorClass(entry.badge.color)}` }, shown.text)
  }
  return h(ValueView, { shown, label: entry.label })
}

/**
 * The value of an infolist entry (see {@link renderEntry}).
 */
export const EntryView = defineComponent({
  name: 'KitEntryView',
  props: { entry: { type: Object as PropType<InfolistEntryContract>, required: true } },
  setup(props) {
    const t = useText()
    return () => renderEntry(props.entry, t)
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
