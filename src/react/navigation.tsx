import { useState } from 'react'
import { Link, usePage } from '@inertiajs/react'
import { Collapsible } from '@ark-ui/react/collapsible'
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
import { KitIcon } from './icons.tsx'
import {
  activeCluster,
  groupCollapsed,
  navigationBadgeLabel,
  navigationBadgeOf,
  navigationSections,
  storeGroupCollapsed,
  type NavigationSection,
} from '../renderers/shared.ts'
import { tabBadge } from '../renderers/behaviour.ts'
import { useText } from './text.tsx'

/**
 * The breadcrumbs of a page. The current page is not a link and carries
 * `aria-current="page"`. Renders nothing without items.
 */
export function ResourceBreadcrumbs({ items }: { items?: BreadcrumbItem[] | null }) {
  const t = useText()
  if (!items?.length) return null
  return (
    <nav aria-label={t('panel.breadcrumb')} className="kit-breadcrumbs">
      <ol>
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`}>
            {item.url && !item.current ? (
              <Link href={item.url}>{item.label}</Link>
            ) : (
              <span aria-current={item.current ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

/**
 * The sub-navigation of a record (its pages). The active entry is not a
 * link and carries `aria-current="page"`. Renders nothing without entries.
 */
export function ResourceSubNavigation({
  items,
  label: givenLabel,
}: {
  items?: SubNavigationItem[] | null
  label?: string
}) {
  const t = useText()
  const label = givenLabel ?? t('panel.recordPages')
  if (!items?.length) return null
  return (
    <nav aria-label={label} className="kit-subnav">
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            {item.active || !item.url ? (
              <span
                aria-current={item.active ? 'page' : undefined}
                className={item.active ? 'kit-subnav-active' : undefined}
              >
                {item.label}
              </span>
            ) : (
              <Link href={item.url}>{item.label}</Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * A tab's badge: its count, an approximate one ("~1.2M", "10K+", read as
 * "about 1,234,567 records"), or a placeholder while a deferred badge loads.
 */
function TabBadge({ badge }: { badge: ReturnType<typeof tabBadge> }) {
  const t = useText()
  if (badge === null) return null
  if (badge === 'loading') {
    return (
      <span
        className="kit-badge kit-badge-loading"
        role="status"
        aria-label={t('tabs.badgeLoading')}
      />
    )
  }
  return badge.label ? (
    <span className="kit-badge" title={badge.label}>
      <span aria-hidden="true">{badge.text}</span>
      <span className="kit-sr-only">{badge.label}</span>
    </span>
  ) : (
    <span className="kit-badge">{badge.text}</span>
  )
}

/**
 * The tabs of a list page. Each tab is a link to the list with that tab;
 * the active one carries `aria-current="page"`.
 */
export function ResourceTabs({
  tabs,
  badges,
  hrefFor,
  label: givenLabel,
}: {
  tabs?: TabsContract | null
  /** The deferred badges (`tabBadges` prop), once loaded */
  badges?: TabBadgesContract | null
  hrefFor: (key: string) => string
  label?: string
}) {
  const t = useText()
  const label = givenLabel ?? t('panel.tabs')
  if (!tabs?.items.length) return null
  return (
    <nav aria-label={label} className="kit-tabs">
      <ul>
        {tabs.items.map((tab) => (
          <li key={tab.key}>
            <Link
              href={hrefFor(tab.key)}
              preserveScroll
              aria-current={tab.key === tabs.active ? 'page' : undefined}
              className={tab.key === tabs.active ? 'kit-tab kit-tab-active' : 'kit-tab'}
            >
              {tab.label}
              <TabBadge badge={tabBadge(tab, badges, t)} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * A navigation item's badge: a pill with its text, hidden from screen
 * readers (they hear "12 new" or its tooltip in the link's text instead).
 */
function NavigationBadge({ badge }: { badge: NavigationBadgeContract | null }) {
  if (!badge) return null
  return (
    <span
      className={`kit-badge kit-navigation-badge kit-color-${badge.color ?? 'gray'}`}
      title={badge.tooltip ?? undefined}
      aria-hidden="true"
    >
      {badge.text}
    </span>
  )
}

/**
 * One link of the panel navigation: an Inertia visit, or a plain link for
 * an absolute URL or a link opened in a new tab. Its text reads "Posts,
 * 12 new" to screen readers.
 */
function NavigationLink({
  item,
  badges,
}: {
  item: NavigationItem
  badges?: NavigationBadgesContract | null
}) {
  const t = useText()
  const badge = navigationBadgeOf(item, badges)
  const external = item.openInNewTab || /^https?:/i.test(item.url)
  const content = (
    <>
      <KitIcon name={item.icon} />
      <span className="kit-navigation-text">
        {item.label}
        {badge ? <span className="kit-sr-only">, {navigationBadgeLabel(badge, t)}</span> : null}
        {item.openInNewTab ? <span className="kit-sr-only"> {t('navigation.newTab')}</span> : null}
      </span>
      <NavigationBadge badge={badge} />
    </>
  )
  if (external) {
    return (
      <a
        href={item.url}
        target={item.openInNewTab ? '_blank' : undefined}
        rel={item.openInNewTab ? 'noopener noreferrer' : undefined}
      >
        {content}
      </a>
    )
  }
  return (
    <Link href={item.url} aria-current={item.active ? 'page' : undefined}>
      {content}
    </Link>
  )
}

/**
 * A group of the panel navigation; a collapsible one (Ark UI Collapsible)
 * remembers whether the person collapsed it (localStorage, per panel).
 */
function NavigationGroupSection({
  section,
  index,
  panel,
  badges,
}: {
  section: NavigationSection
  index: number
  panel: string
  badges?: NavigationBadgesContract | null
}) {
  const [open, setOpen] = useState(() => !groupCollapsed(panel, section))
  const labelId = `kit-navigation-group-${index}`
  const list = (
    <ul aria-labelledby={section.group ? labelId : undefined}>
      {section.items.map((item) => (
        <li key={item.url}>
          <NavigationLink item={item} badges={badges} />
        </li>
      ))}
    </ul>
  )
  if (!section.group) return <div className="kit-navigation-section">{list}</div>
  if (!section.collapsible) {
    return (
      <div className="kit-navigation-section">
        <p className="kit-navigation-label" id={labelId}>
          {section.icon ? <KitIcon name={section.icon} /> : null}
          {section.group}
        </p>
        {list}
      </div>
    )
  }
  return (
    <Collapsible.Root
      className="kit-navigation-section"
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open)
        storeGroupCollapsed(panel, section.group!, !details.open)
      }}
    >
      <Collapsible.Trigger className="kit-navigation-label kit-navigation-toggle" id={labelId}>
        {section.icon ? <KitIcon name={section.icon} /> : null}
        <span className="kit-navigation-text">{section.group}</span>
        <KitIcon name="chevron-down" />
      </Collapsible.Trigger>
      <Collapsible.Content>{list}</Collapsible.Content>
    </Collapsible.Root>
  )
}

/**
 * The panel's navigation: the resources the user may list, each with its
 * icon and its badge (the deferred `navigationBadges` prop), in groups
 * that may collapse. Renders nothing without items.
 */
export function PanelNavigation({ items }: { items?: NavigationItem[] | null }) {
  const t = useText()
  const { props } = usePage<{
    navigationBadges?: NavigationBadgesContract
    kitPanel?: KitPanelContract
  }>()
  if (!items?.length) return null
  const panel = props.kitPanel?.id ?? ''
  return (
    <nav aria-label={t('panel.label')} className="kit-navigation">
      {navigationSections(items).map((section, index) => (
        <NavigationGroupSection
          key={section.group ?? ''}
          section={section}
          index={index}
          panel={panel}
          badges={props.navigationBadges}
        />
      ))}
    </nav>
  )
}

/**
 * The sub-navigation of the cluster the current page belongs to (one tab
 * per resource of the cluster the user may list). Renders nothing outside
 * a cluster.
 */
export function ClusterNavigation({ items }: { items?: NavigationItem[] | null }) {
  const cluster = activeCluster(items)
  if (!cluster) return null
  return (
    <ResourceSubNavigation
      label={cluster.label}
      items={cluster.children!.map((child) => ({
        key: child.url,
        label: child.label,
        url: child.url,
        active: child.active,
      }))}
    />
  )
}
