import { defineComponent, h, type PropType } from 'vue'
import { Link } from '@inertiajs/vue3'
import type {
  BreadcrumbItem,
  NavigationItem,
  SubNavigationItem,
  TabBadgesContract,
  TabsContract,
} from '../renderers/types.ts'
import { KitIcon } from './icons.ts'
import { navigationSections } from '../renderers/shared.ts'
import { tabBadge } from '../renderers/behaviour.ts'
import { useText } from './text.ts'

/**
 * The breadcrumbs of a page. The current page is not a link and carries
 * `aria-current="page"`. Renders nothing without items.
 */
export const ResourceBreadcrumbs = defineComponent({
  name: 'ResourceBreadcrumbs',
  props: { items: { type: Array as PropType<BreadcrumbItem[] | null>, default: null } },
  setup(props) {
    const t = useText()
    return () =>
      props.items?.length
        ? h('nav', { 'aria-label': t('panel.breadcrumb'), 'class': 'kit-breadcrumbs' }, [
            h(
              'ol',
              props.items.map((item, index) =>
                h('li', { key: `${index}-${item.label}` }, [
                  item.url && !item.current
                    ? h(Link, { href: item.url }, () => item.label)
                    : h('span', { 'aria-current': item.current ? 'page' : undefined }, item.label),
                ])
              )
            ),
          ])
        : null
  },
})

/**
 * The sub-navigation of a record. The active entry is not a link and
 * carries `aria-current="page"`. Renders nothing without entries.
 */
export const ResourceSubNavigation = defineComponent({
  name: 'ResourceSubNavigation',
  props: {
    items: { type: Array as PropType<SubNavigationItem[] | null>, default: null },
    label: { type: String as PropType<string | null>, default: null },
  },
  setup(props) {
    const t = useText()
    return () =>
      props.items?.length
        ? h('nav', { 'aria-label': props.label ?? t('panel.recordPages'), 'class': 'kit-subnav' }, [
            h(
              'ul',
              props.items.map((item) =>
                h('li', { key: item.key }, [
                  item.active || !item.url
                    ? h(
                        'span',
                        {
                          'aria-current': item.active ? 'page' : undefined,
                          'class': item.active ? 'kit-subnav-active' : undefined,
                        },
                        item.label
                      )
                    : h(Link, { href: item.url }, () => item.label),
                ])
              )
            ),
          ])
        : null
  },
})

/**
 * A tab's badge: its count, an approximate one ("~1.2M", "10K+", read as
 * "about 1,234,567 records"), or a placeholder while a deferred badge loads.
 */
function renderTabBadge(badge: ReturnType<typeof tabBadge>, t: (key: string) => string) {
  if (badge === null) return null
  if (badge === 'loading') {
    return h('span', {
      'class': 'kit-badge kit-badge-loading',
      'role': 'status',
      'aria-label': t('tabs.badgeLoading'),
    })
  }
  return badge.label
    ? h('span', { class: 'kit-badge', title: badge.label }, [
        h('span', { 'aria-hidden': 'true' }, badge.text),
        h('span', { class: 'kit-sr-only' }, badge.label),
      ])
    : h('span', { class: 'kit-badge' }, badge.text)
}

/**
 * The tabs of a list page: links to the list with that tab; the active one
 * carries `aria-current="page"`.
 */
export const ResourceTabs = defineComponent({
  name: 'ResourceTabs',
  props: {
    tabs: { type: Object as PropType<TabsContract | null>, default: null },
    /** The deferred badges (`tabBadges` prop), once loaded */
    badges: { type: Object as PropType<TabBadgesContract | null>, default: null },
    hrefFor: { type: Function as PropType<(key: string) => string>, required: true },
    label: { type: String as PropType<string | null>, default: null },
  },
  setup(props) {
    const t = useText()
    return () => {
      const tabs = props.tabs
      if (!tabs?.items.length) return null
      return h('nav', { 'aria-label': props.label ?? t('panel.tabs'), 'class': 'kit-tabs' }, [
        h(
          'ul',
          tabs.items.map((tab) =>
            h('li', { key: tab.key }, [
              h(
                Link,
                {
                  'href': props.hrefFor(tab.key),
                  'preserveScroll': true,
                  'aria-current': tab.key === tabs.active ? 'page' : undefined,
                  'class': tab.key === tabs.active ? 'kit-tab kit-tab-active' : 'kit-tab',
                },
                () => [tab.label, renderTabBadge(tabBadge(tab, props.badges, t), t)]
              ),
            ])
          )
        ),
      ])
    }
  },
})

/**
 * The panel's navigation: the resources the user may list, each with its
 * icon. Renders nothing without items.
 */
export const PanelNavigation = defineComponent({
  name: 'PanelNavigation',
  props: { items: { type: Array as PropType<NavigationItem[] | null>, default: null } },
  setup(props) {
    const t = useText()
    return () =>
      props.items?.length
        ? h(
            'nav',
            { 'aria-label': t('panel.label'), 'class': 'kit-navigation' },
            navigationSections(props.items).map((section, index) =>
              h('div', { class: 'kit-navigation-section', key: section.group ?? '' }, [
                section.group
                  ? h(
                      'p',
                      { class: 'kit-navigation-label', id: `kit-navigation-group-${index}` },
                      section.group
                    )
                  : null,
                h(
                  'ul',
                  {
                    'aria-labelledby': section.group ? `kit-navigation-group-${index}` : undefined,
                  },
                  section.items.map((item) =>
                    h('li', { key: item.url }, [
                      h(
                        Link,
                        { 'href': item.url, 'aria-current': item.active ? 'page' : undefined },
                        () => [h(KitIcon, { name: item.icon }), item.label]
                      ),
                    ])
                  )
                ),
              ])
            )
          )
        : null
  },
})
