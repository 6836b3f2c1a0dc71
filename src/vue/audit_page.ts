import { defineComponent, h, type PropType } from 'vue'
import { Head, Link } from '@inertiajs/vue3'
import type {
  AuditEntryContract,
  AuditLinkContract,
  AuditPageContract,
  KitPanelContract,
  NavigationItem,
} from '../renderers/types.ts'
import { PanelShell } from './panel_shell.ts'
import { ResourceBreadcrumbs } from './navigation.ts'
import { KitIcon } from './icons.ts'

/**
 * A value of a change: a link to the related record it names when the user
 * may open it, else its text.
 */
function changeValue(text: string, url?: string) {
  return url ? h(Link, { href: url }, () => text) : text
}

function changesTable(audit: AuditPageContract, entry: AuditEntryContract) {
  if (!entry.changes.length) {
    return null
  }
  const { headings } = audit
  return h('table', { class: 'kit-audit-changes' }, [
    h('thead', [
      h('tr', [
        h('th', { scope: 'col' }, headings.field),
        h('th', { scope: 'col' }, headings.old),
        h('th', { scope: 'col' }, headings.new),
      ]),
    ]),
    h(
      'tbody',
      entry.changes.map((change) =>
        h('tr', { key: change.field }, [
          h('th', { scope: 'row' }, change.field),
          h('td', { class: ['kit-audit-old', change.oldEmpty && 'kit-audit-none'] }, [
            changeValue(change.old, change.oldUrl),
          ]),
          h('td', { class: ['kit-audit-new', change.newEmpty && 'kit-audit-none'] }, [
            changeValue(change.new, change.newUrl),
          ]),
        ])
      )
    ),
  ])
}

/**
 * A record or user an entry names: a link when the user may open its page,
 * else its label.
 */
function auditLink(link: AuditLinkContract | null) {
  if (!link) return null
  return link.url ? h(Link, { href: link.url }, () => link.label) : link.label
}

/**
 * The audit pages: the History of one record (`kit/history`) and a panel's
 * activity list (`kit/activity`), newest first, each entry with its changed
 * fields (before and after). Every string comes from the server.
 */
export const AuditPage = defineComponent({
  name: 'AuditPage',
  props: {
    audit: { type: Object as PropType<AuditPageContract>, required: true },
    navigation: { type: Array as PropType<NavigationItem[] | null>, default: null },
    kitPanel: {
      type: Object as PropType<KitPanelContract | null>,
      default: null,
    },
  },
  setup(props) {
    return () => {
      const audit = props.audit
      const { headings } = audit
      const activity = audit.kind === 'activity'
      const { previous, next } = audit.pagination
      return h(PanelShell, { navigation: props.navigation, kitPanel: props.kitPanel }, () => [
        h(Head, { title: audit.title }),
        h('main', { class: 'kit-main kit-audit' }, [
          h(ResourceBreadcrumbs, { items: audit.breadcrumbs }),
          h('header', { class: 'kit-header' }, [
            h('h1', audit.title),
            audit.back
              ? h('div', { class: 'kit-header-actions' }, [
                  h(Link, { href: audit.back.url, class: 'kit-button' }, () => audit.back!.label),
                ])
              : null,
          ]),
          h('section', { class: 'kit-table' }, [
            audit.entries.length === 0
              ? h('div', { class: 'kit-empty kit-audit-empty' }, [
                  h('div', { class: 'kit-empty-icon' }, [
                    h(KitIcon, { name: 'clipboard-document-list' }),
                  ]),
                  h('p', { class: 'kit-empty-heading' }, audit.empty),
                ])
              : h('div', { class: 'kit-table-scroll' }, [
                  h('table', [
                    h('caption', { class: 'kit-sr-only' }, audit.title),
                    h('thead', [
                      h('tr', [
                        h('th', { scope: 'col' }, headings.when),
                        h('th', { scope: 'col' }, headings.user),
                        activity ? h('th', { scope: 'col' }, headings.record) : null,
                        h('th', { scope: 'col' }, headings.operation),
                        h('th', { scope: 'col' }, headings.changes),
                      ]),
                    ]),
                    h(
                      'tbody',
                      audit.entries.map((entry) =>
                        h('tr', { 'key': entry.id, 'data-audit-entry': entry.id }, [
                          h('td', [h('time', { datetime: entry.at }, entry.when)]),
                          h('td', [auditLink(entry.user)]),
                          activity ? h('td', [auditLink(entry.record)]) : null,
                          h('td', entry.operation),
                          h('td', [changesTable(audit, entry)]),
                        ])
                      )
                    ),
                  ]),
                ]),
            previous || next
              ? h('nav', { class: 'kit-pagination' }, [
                  previous
                    ? h(Link, { href: previous.url, class: 'kit-button' }, () => previous.label)
                    : null,
                  next ? h(Link, { href: next.url, class: 'kit-button' }, () => next.label) : null,
                ])
              : null,
          ]),
        ]),
      ])
    }
  },
})
