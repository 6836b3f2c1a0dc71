import { defineComponent, h, useId, type PropType } from 'vue'
import { Link } from '@inertiajs/vue3'
import type { KitTenantSwitcherContract } from '../renderers/types.ts'
import { KitIcon } from './icons.ts'
import { useText } from './text.ts'
import { useDisclosure } from './disclosure.ts'

/**
 * The tenant switcher of the top bar: the current tenant's name opens the
 * list of the user's tenants (the current one marked with
 * `aria-current`), each a link to the same page under it. Escape or a
 * click outside closes it, and focus returns to the button.
 */
export const TenantSwitcher = defineComponent({
  name: 'TenantSwitcher',
  props: {
    tenants: { type: Object as PropType<KitTenantSwitcherContract>, required: true },
  },
  setup(props) {
    const t = useText()
    const { open, button, root } = useDisclosure()
    const listId = useId()
    return () =>
      h('div', { ref: root, class: 'kit-tenant-switcher' }, [
        h(
          'button',
          {
            'ref': button,
            'type': 'button',
            'class': 'kit-tenant-switcher-button',
            'aria-expanded': open.value,
            'aria-controls': listId,
            'onClick': () => (open.value = !open.value),
          },
          [
            h('span', { class: 'kit-sr-only' }, `${t('panel.switchTenant')}: `),
            h('span', { class: 'kit-tenant-switcher-current' }, props.tenants.current),
            h(KitIcon, { name: 'chevron-up-down' }),
          ]
        ),
        h(
          'ul',
          { id: listId, class: 'kit-tenant-switcher-list', hidden: !open.value },
          props.tenants.items.map((item) =>
            h('li', { key: item.url }, [
              h(
                Link,
                {
                  'href': item.url,
                  'class': 'kit-tenant-switcher-item',
                  'aria-current': item.current ? 'page' : undefined,
                },
                () => [h('span', item.name), item.current ? h(KitIcon, { name: 'check' }) : null]
              ),
            ])
          )
        ),
      ])
  },
})
