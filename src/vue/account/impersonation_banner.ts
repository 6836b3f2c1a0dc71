import { defineComponent, h, type PropType } from 'vue'
import { router } from '@inertiajs/vue3'
import type { KitUserMenuContract } from '../../renderers/types.ts'
import { KitIcon } from '../icons.ts'
import { useText } from '../text.ts'

/**
 * The banner of an impersonated session, above the top bar of every panel
 * page: who the user is signed in as, and "Return to my account" (a POST
 * with the CSRF token).
 */
export const ImpersonationBanner = defineComponent({
  name: 'ImpersonationBanner',
  props: {
    menu: { type: Object as PropType<KitUserMenuContract | null>, default: null },
  },
  setup(props) {
    const t = useText()
    return () => {
      const menu = props.menu
      const impersonation = menu?.impersonation
      if (!menu || !impersonation) return null
      return h(
        'div',
        {
          'class': 'kit-impersonation-banner',
          'role': 'region',
          'aria-label': t('impersonation.banner', { name: menu.user.name }),
        },
        [
          h('p', t('impersonation.banner', { name: menu.user.name })),
          h('button', { type: 'button', onClick: () => router.post(impersonation.leaveUrl) }, [
            h(KitIcon, { name: 'arrow-uturn-left' }),
            t('impersonation.leave'),
          ]),
        ]
      )
    }
  },
})
