import { defineComponent, h, type PropType } from 'vue'
import type { KitAccountContract, KitPageProps, NavigationItem } from '../../renderers/types.ts'
import { ForgotPasswordPage, ResetPasswordPage } from './password_reset_pages.ts'
import { ProfilePage } from './profile_page.ts'
import { SignInPage } from './sign_in_page.ts'
import { SignUpPage, VerifyEmailPage } from './verification_pages.ts'
import { TwoFactorChallengePage } from './two_factor_challenge_page.ts'

/**
 * An account page of a panel: sign-in (`kit/login`), profile
 * (`kit/profile`), or a step of a password reset (`kit/forgot_password`,
 * `kit/reset_password`), or the second step of a sign-in
 * (`kit/two_factor_challenge`).
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
    return () => {
      const account = props.account
      const common = { kitPanel: props.kitPanel, errors: props.errors }
      switch (account.kind) {
        case 'signIn':
          return h(SignInPage, { account, ...common, flash: props.flash })
        case 'forgotPassword':
          return h(ForgotPasswordPage, { account, ...common, flash: props.flash })
        case 'verifyEmail':
          return h(VerifyEmailPage, { account, kitPanel: props.kitPanel, flash: props.flash })
        case 'signUp':
          return h(SignUpPage, { account, ...common })
        case 'resetPassword':
          return h(ResetPasswordPage, { account, ...common })
        case 'twoFactorChallenge':
          return h(TwoFactorChallengePage, { account, ...common })
        default:
          return h(ProfilePage, {
            account,
            navigation: props.navigation,
            ...common,
            flash: props.flash,
          })
      }
    }
  },
})
