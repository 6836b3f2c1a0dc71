import type { KitAccountContract, KitPageProps } from '../../renderers/types.ts'
import { ProfilePage } from './profile_page.tsx'
import { SignInPage } from './sign_in_page.tsx'

/**
 * An account page of a panel: sign-in (`kit/login`) or profile
 * (`kit/profile`).
 */
export function AccountPage(props: KitPageProps & { account: KitAccountContract }) {
  const { account } = props
  return account.kind === 'signIn' ? (
    <SignInPage account={account} kitPanel={props.kitPanel} errors={props.errors} />
  ) : (
    <ProfilePage
      account={account}
      navigation={props.navigation}
      kitPanel={props.kitPanel}
      errors={props.errors}
      flash={props.flash}
    />
  )
}
