import type { KitAccountContract, KitPageProps } from '../../renderers/types.ts'
import { ForgotPasswordPage, ResetPasswordPage } from './password_reset_pages.tsx'
import { ProfilePage } from './profile_page.tsx'
import { SignInPage } from './sign_in_page.tsx'
import { SignUpPage, VerifyEmailPage } from './verification_pages.tsx'
import { TwoFactorChallengePage } from './two_factor_challenge_page.tsx'

/**
 * An account page of a panel: sign-in (`kit/login`), profile
 * (`kit/profile`), or a step of a password reset (`kit/forgot_password`,
 * `kit/reset_password`), or the second step of a sign-in
 * (`kit/two_factor_challenge`).
 */
export function AccountPage(props: KitPageProps & { account: KitAccountContract }) {
  const { account } = props
  switch (account.kind) {
    case 'signIn':
      return (
        <SignInPage
          account={account}
          kitPanel={props.kitPanel}
          errors={props.errors}
          flash={props.flash}
        />
      )
    case 'forgotPassword':
      return (
        <ForgotPasswordPage
          account={account}
          kitPanel={props.kitPanel}
          errors={props.errors}
          flash={props.flash}
        />
      )
    case 'verifyEmail':
      return <VerifyEmailPage account={account} kitPanel={props.kitPanel} flash={props.flash} />
    case 'signUp':
      return <SignUpPage account={account} kitPanel={props.kitPanel} errors={props.errors} />
    case 'resetPassword':
      return <ResetPasswordPage account={account} kitPanel={props.kitPanel} errors={props.errors} />
    case 'twoFactorChallenge':
      return (
        <TwoFactorChallengePage account={account} kitPanel={props.kitPanel} errors={props.errors} />
      )
    default:
      return (
        <ProfilePage
          account={account}
          navigation={props.navigation}
          kitPanel={props.kitPanel}
          errors={props.errors}
          flash={props.flash}
        />
      )
  }
}
