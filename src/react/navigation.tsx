import { Link } from '@inertiajs/react'
import type {
  BreadcrumbItem,
  NavigationItem,
  SubNavigationItem,
  TabBadgesContract,
  TabsContract,
} from '../renderers/types.ts'
import { KitIcon } from './icons.tsx'
import { navigationSections } from '../renderers/shared.ts'
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
 * The panel's navigation: the resources the user may list, each with its
 * icon. Renders nothing without items.
 */
export function PanelNavigation({ items }: { items?: NavigationItem[] | null }) {
  const t = useText()
  if (!items?.length) return null
  return (
    <nav aria-label={t('panel.label')} className="kit-navigation">
      {navigationSections(items).map((section, index) => (
        <div className="kit-navigation-section" key={section.group ?? ''}>
          {section.group ? (
            <p className="kit-navigation-label" id={`kit-navigation-group-${index}`}>
              {section.group}
            </p>
          ) : null}
          <ul aria-labelledby={section.group ? `kit-navigation-group-${index}` : undefined}>
            {section.items.map((item) => (
              <li key={item.url}>
                <Link href={item.url} aria-current={item.active ? 'page' : undefined}>
                  <KitIcon name={item.icon} />
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}
