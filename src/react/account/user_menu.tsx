import { Link, router } from '@inertiajs/react'
import { useId } from 'react'
import { useDisclosure } from '../disclosure.ts'
import type { KitUserMenuContract } from '../../renderers/types.ts'
import { KitIcon } from '../icons.tsx'
import { useText } from '../text.tsx'
import { ThemeToggle } from '../panel_shell.tsx'

/**
 * The user menu of the top bar: the avatar (or initials) opens a panel
 * with the name and email, the profile, the custom items, the dark-mode
 * switch and sign-out. Escape or a click outside closes it, and focus
 * returns to the button.
 */
export function UserMenu({ menu }: { menu: KitUserMenuContract }) {
  const t = useText()
  const { open, setOpen, button, root } = useDisclosure()
  const panelId = useId()

  const { user } = menu
  return (
    <div ref={root} className="kit-user-menu">
      <button
        ref={button}
        type="button"
        className="kit-user-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {user.avatarUrl ? (
          <img className="kit-avatar" src={user.avatarUrl} alt="" />
        ) : (
          <span className="kit-avatar" aria-hidden="true">
            {user.initials}
          </span>
        )}
        <span className="kit-sr-only">{t('panel.userMenu')}</span>
      </button>
      <div id={panelId} className="kit-user-menu-panel" hidden={!open}>
        <p className="kit-user-menu-name">{user.name}</p>
        {user.email && user.email !== user.name ? (
          <p className="kit-user-menu-email">{user.email}</p>
        ) : null}
        <ul className="kit-user-menu-items">
          {menu.profileUrl ? (
            <li>
              <Link href={menu.profileUrl} className="kit-user-menu-item">
                <KitIcon name="user-circle" />
                {t('account.profile')}
              </Link>
            </li>
          ) : null}
          {menu.items.map((item) => (
            <li key={`${item.label}-${item.url}`}>
              <a href={item.url} className="kit-user-menu-item">
                <KitIcon name={item.icon} />
                {item.label}
              </a>
            </li>
          ))}
          <li className="kit-user-menu-theme">
            <span>{t('panel.theme')}</span>
            <ThemeToggle />
          </li>
          <li>
            <button
              type="button"
              className="kit-user-menu-item"
              onClick={() => router.post(menu.signOutUrl)}
            >
              <KitIcon name="arrow-right-start-on-rectangle" />
              {t('account.signOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  )
}
