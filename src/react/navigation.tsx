import { Link } from '@inertiajs/react'
import type {
  BreadcrumbItem,
  NavigationItem,
  SubNavigationItem,
  TabsContract,
} from '../renderers/types.ts'
import { KitIcon } from './icons.tsx'
import { navigationSections } from '../renderers/shared.ts'
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
 * The tabs of a list page. Each tab is a link to the list with that tab;
 * the active one carries `aria-current="page"`.
 */
export function ResourceTabs({
  tabs,
  hrefFor,
  label: givenLabel,
}: {
  tabs?: TabsContract | null
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
              {tab.badge !== null ? <span className="kit-badge">{tab.badge}</span> : null}
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
