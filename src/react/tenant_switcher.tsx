import { Link } from '@inertiajs/react'
import { useId } from 'react'
import { useDisclosure } from './disclosure.ts'
import type { KitTenantSwitcherContract } from '../renderers/types.ts'
import { KitIcon } from './icons.tsx'
import { useText } from './text.tsx'

/**
 * The tenant switcher of the top bar: the current tenant's name opens the
 * list of the user's tenants (the current one marked with
 * `aria-current`), each a link to the same page under it. Escape or a
 * click outside closes it, and focus returns to the button.
 */
export function TenantSwitcher({ tenants }: { tenants: KitTenantSwitcherContract }) {
  const t = useText()
  const { open, setOpen, button, root } = useDisclosure()
  const listId = useId()

  return (
    <div ref={root} className="kit-tenant-switcher">
      <button
        ref={button}
        type="button"
        className="kit-tenant-switcher-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="kit-sr-only">{t('panel.switchTenant')}: </span>
        <span className="kit-tenant-switcher-current">{tenants.current}</span>
        <KitIcon name="chevron-up-down" />
      </button>
      <ul id={listId} className="kit-tenant-switcher-list" hidden={!open}>
        {tenants.items.map((item) => (
          <li key={item.url}>
            <Link
              href={item.url}
              className="kit-tenant-switcher-item"
              aria-current={item.current ? 'page' : undefined}
            >
              <span>{item.name}</span>
              {item.current ? <KitIcon name="check" /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
