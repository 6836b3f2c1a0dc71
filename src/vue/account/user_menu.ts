import { defineComponent, h, useId, type PropType } from 'vue'
import { useDisclosure } from '../disclosure.ts'
import { Link, router } from '@inertiajs/vue3'
import type { KitUserMenuContract } from '../../renderers/types.ts'
import { KitIcon } from '../icons.ts'
import { useText } from '../text.ts'
import { ThemeToggle } from '../panel_shell.ts'

/**
 * The user menu of the top bar: the avatar (or initials) opens a panel
 * with the name and email, the profile, the custom items, the dark-mode
 * switch and sign-out. Escape or a click outside closes it, and focus
 * returns to the button.
 */
export const UserMenu = defineComponent({
  name: 'UserMenu',
  props: {
    menu: { type: Object as PropType<KitUserMenuContract>, required: true },
  },
  setup(props) {
    const t = useText()
    const { open, button, root } = useDisclosure()
    const panelId = useId()

    return () => {
      const { menu } = props
      const { user } = menu
      return h('div', { ref: root, class: 'kit-user-menu' }, [
        h(
          'button',
          {
            'ref': button,
            'type': 'button',
            'class': 'kit-user-menu-button',
            'aria-expanded': open.value,
            'aria-controls': panelId,
            'onClick': () => (open.value = !open.value),
          },
          [
            user.avatarUrl
              ? h('img', { class: 'kit-avatar', src: user.avatarUrl, alt: '' })
              : h('span', { 'class': 'kit-avatar', 'aria-hidden': 'true' }, user.initials),
            h('span', { class: 'kit-sr-only' }, t('panel.userMenu')),
          ]
        ),
        h('div', { id: panelId, class: 'kit-user-menu-panel', hidden: !open.value }, [
          h('p', { class: 'kit-user-menu-name' }, user.name),
          user.email && user.email !== user.name
            ? h('p', { class: 'kit-user-menu-email' }, user.email)
            : null,
          h('ul', { class: 'kit-user-menu-items' }, [
            menu.profileUrl
              ? h('li', [
                  h(Link, { href: menu.profileUrl, class: 'kit-user-menu-item' }, () => [
                    h(KitIcon, { name: 'user-circle' }),
                    t('account.profile'),
                  ]),
                ])
              : null,
            ...menu.items.map((item) =>
              h('li', { key: `${item.label}-${item.url}` }, [
                h('a', { href: item.url, class: 'kit-user-menu-item' }, [
                  h(KitIcon, { name: item.icon }),
                  item.label,
                ]),
              ])
            ),
            h('li', { class: 'kit-user-menu-theme' }, [
              h('span', t('panel.theme')),
              h(ThemeToggle),
            ]),
            h('li', [
              h(
                'button',
                {
                  type: 'button',
                  class: 'kit-user-menu-item',
                  onClick: () => router.post(menu.signOutUrl),
                },
                [h(KitIcon, { name: 'arrow-right-start-on-rectangle' }), t('account.signOut')]
              ),
            ]),
          ]),
        ]),
      ])
    }
  },
})
