import { defineComponent, h, type PropType } from 'vue'
import type { KitAccountContract, KitPageProps, NavigationItem } from '../../renderers/types.ts'
import { ProfilePage } from './profile_page.ts'
import { SignInPage } from './sign_in_page.ts'

/**
 * An account page of a panel: sign-in (`kit/login`) or profile
 * (`kit/profile`).
 */
export const AccountPage = defineComponent({
  name: 'AccountPage',
  inheritAttrs: false,
  props: {
    account: { type: Object as PropType<KitAccountContract>, required: true },
    navigation: { type: Array as PropType<NavigationItem[] | null>, default: null },
    kitPanel: { type: Object as PropType<KitPageProps['kitPanel'] | null>, default: null },
    errors: { type: Object as PropType<KitPageProps['errors'] | null>, default: null },
    flash: { type: Object as PropType<KitPageProps['flash'] | null>, default: null },
  },
  setup(props) {
    return () =>
      props.account.kind === 'signIn'
        ? h(SignInPage, { account: props.account, kitPanel: props.kitPanel, errors: props.errors })
        : h(ProfilePage, {
            account: props.account,
            navigation: props.navigation,
            kitPanel: props.kitPanel,
            errors: props.errors,
            flash: props.flash,
          })
  },
})
