import { defineComponent, h, ref, type PropType } from 'vue'
import { Link, usePage } from '@inertiajs/vue3'
import { Collapsible } from '@ark-ui/vue/collapsible'
import type {
  BreadcrumbItem,
  KitPanelContract,
  NavigationBadgeContract,
  NavigationBadgesContract,
  NavigationItem,
  SubNavigationItem,
  TabBadgesContract,
  TabsContract,
} from '../renderers/types.ts'
import { KitIcon } from './icons.ts'
import {
  activeCluster,
  groupCollapsed,
  navigationBadgeLabel,
  navigationBadgeOf,
  navigationSections,
  storeGroupCollapsed,
  type NavigationSection,
} from '../renderers/shared.ts'
import { part } from './fields/field_props.ts'
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
 * A navigation item's badge: a pill with its text, hidden from screen
 * readers (they hear "12 new" or its tooltip in the link's text instead).
 */
function renderNavigationBadge(badge: NavigationBadgeContract | null) {
  if (!badge) return null
  return h(
    'span',
    {
      'class': `kit-badge kit-navigation-badge kit-color-${badge.color ?? 'gray'}`,
      'title': badge.tooltip ?? undefined,
      'aria-hidden': 'true',
    },
    badge.text
  )
}

/**
 * One link of the panel navigation: an Inertia visit, or a plain link for
 * an absolute URL or a link opened in a new tab. Its text reads "Posts,
 * 12 new" to screen readers.
 */
function renderNavigationLink(
  item: NavigationItem,
  badges: NavigationBadgesContract | null | undefined,
  t: ReturnType<typeof useText>
) {
  const badge = navigationBadgeOf(item, badges)
  const content = () => [
    h(KitIcon, { name: item.icon }),
    h('span', { class: 'kit-navigation-text' }, [
      item.label,
      badge ? h('span', { class: 'kit-sr-only' }, `, ${navigationBadgeLabel(badge, t)}`) : null,
      item.openInNewTab ? h('span', { class: 'kit-sr-only' }, ` ${t('navigation.newTab')}`) : null,
    ]),
    renderNavigationBadge(badge),
  ]
  if (item.openInNewTab || /^https?:/i.test(item.url)) {
    return h(
      'a',
      {
        href: item.url,
        target: item.openInNewTab ? '_blank' : undefined,
        rel: item.openInNewTab ? 'noopener noreferrer' : undefined,
      },
      content()
    )
  }
  return h(Link, { 'href': item.url, 'aria-current': item.active ? 'page' : undefined }, content)
}

/**
 * A group of the panel navigation; a collapsible one (Ark UI Collapsible)
 * remembers whether the person collapsed it (localStorage, per panel).
 */
const NavigationGroupSection = defineComponent({
  name: 'NavigationGroupSection',
  props: {
    section: { type: Object as PropType<NavigationSection>, required: true },
    index: { type: Number, required: true },
    panel: { type: String, required: true },
    badges: { type: Object as PropType<NavigationBadgesContract | null>, default: null },
  },
  setup(props) {
    const t = useText()
    const open = ref(!groupCollapsed(props.panel, props.section))
    return () => {
      const { section } = props
      const labelId = `kit-navigation-group-${props.index}`
      const list = h(
        'ul',
        { 'aria-labelledby': section.group ? labelId : undefined },
        section.items.map((item) =>
          h('li', { key: item.url }, [renderNavigationLink(item, props.badges, t)])
        )
      )
      const icon = section.icon ? h(KitIcon, { name: section.icon }) : null
      if (!section.group) return h('div', { class: 'kit-navigation-section' }, [list])
      if (!section.collapsible) {
        return h('div', { class: 'kit-navigation-section' }, [
          h('p', { class: 'kit-navigation-label', id: labelId }, [icon, section.group]),
          list,
        ])
      }
      return h(
        part(Collapsible.Root),
        {
          'class': 'kit-navigation-section',
          'open': open.value,
          'onUpdate:open': (value: boolean) => {
            open.value = value
            storeGroupCollapsed(props.panel, section.group!, !value)
          },
        },
        () => [
          h(
            part(Collapsible.Trigger),
            { class: 'kit-navigation-label kit-navigation-toggle', id: labelId },
            () => [
              icon,
              h('span', { class: 'kit-navigation-text' }, section.group ?? ''),
              h(KitIcon, { name: 'chevron-down' }),
            ]
          ),
          h(part(Collapsible.Content), null, () => [list]),
        ]
      )
    }
  },
})

/**
 * The panel's navigation: the resources the user may list, each with its
 * icon and its badge (the deferred `navigationBadges` prop), in groups
 * that may collapse. Renders nothing without items.
 */
export const PanelNavigation = defineComponent({
  name: 'PanelNavigation',
  props: { items: { type: Array as PropType<NavigationItem[] | null>, default: null } },
  setup(props) {
    const t = useText()
    const page = usePage<{
      navigationBadges?: NavigationBadgesContract
      kitPanel?: KitPanelContract
    }>()
    return () =>
      props.items?.length
        ? h(
            'nav',
            { 'aria-label': t('panel.label'), 'class': 'kit-navigation' },
            navigationSections(props.items).map((section, index) =>
              h(NavigationGroupSection, {
                key: section.group ?? '',
                section,
                index,
                panel: page.props.kitPanel?.id ?? '',
                badges: page.props.navigationBadges ?? null,
              })
            )
          )
        : null
  },
})

/**
 * The sub-navigation of the cluster the current page belongs to (one tab
 * per resource of the cluster the user may list). Renders nothing outside
 * a cluster.
 */
export const ClusterNavigation = defineComponent({
  name: 'ClusterNavigation',
  props: { items: { type: Array as PropType<NavigationItem[] | null>, default: null } },
  setup(props) {
    return () => {
      const cluster = activeCluster(props.items)
      if (!cluster) return null
      return h(ResourceSubNavigation, {
        label: cluster.label,
        items: cluster.children!.map((child) => ({
          key: child.url,
          label: child.label,
          url: child.url,
          active: child.active,
        })),
      })
    }
  },
})
