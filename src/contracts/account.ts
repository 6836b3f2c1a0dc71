/**
 * The signed-in user as the user menu shows them.
 */
export interface KitUserContract {
  name: string
  email: string | null
  /** One or two letters of the name, drawn when there is no avatar */
  initials: string
  avatarUrl: string | null
}

/**
 * The user menu of a panel with `login()`: who is signed in, the profile
 * page, the custom items (`panel().userMenuItems()`) and sign-out.
 */
export interface KitUserMenuContract {
  user: KitUserContract
  /** The profile page (`panel().profile()`), or null */
  profileUrl: string | null
  items: { label: string; url: string; icon?: string }[]
  /** `POST` here signs out (CSRF token of the session required) */
  signOutUrl: string
  /**
   * While the user is impersonated (`ImpersonateAction`): `POST` to
   * `leaveUrl` signs back in as the original user. Renderers draw a banner
   * on every page.
   */
  impersonation?: { leaveUrl: string }
}

/**
 * The panel's sign-in page (`kit/login`).
 */
export interface KitSignInContract {
  kind: 'signIn'
  /** `POST` the form here: `uid`, `password`, `remember`, `redirect` */
  action: string
  /** The same-origin path to go back to after signing in, or null */
  redirect: string | null
  /** Offer "Remember me" */
  rememberMe: boolean
  /** The uid the person typed last (kept after a refused attempt) */
  uid: string
  /** A form-wide message: too many attempts ("Try again in 42 seconds") */
  error: string | null
  /** Seconds until the next attempt is accepted, when throttled */
  retryAfter: number | null
  /** "Forgot your password?" (`panel().passwordReset()`), or null */
  forgotPasswordUrl: string | null
}

/**
 * The request form of a password reset (`kit/forgot_password`): an email,
 * answered the same whether it belongs to an account or not.
 */
export interface KitForgotPasswordContract {
  kind: 'forgotPassword'
  /** `POST` the form here: `email` */
  action: string
  /** Back to the sign-in page */
  signInUrl: string
  /** A form-wide message: too many requests ("Try again in 42 seconds") */
  error: string | null
  /** Seconds until the next request is accepted, when throttled */
  retryAfter: number | null
}

/**
 * The reset form of a mailed link (`kit/reset_password`): a new password
 * and its confirmation, or (an expired, used or unknown link) a message
 * and a way to ask for another link.
 */
export interface KitResetPasswordContract {
  kind: 'resetPassword'
  /** `POST` the form here: `token`, `password`, `passwordConfirmation` */
  action: string
  /** The link's token, null when the link is refused */
  token: string | null
  /** Ask for a new link */
  forgotPasswordUrl: string
  signInUrl: string
}

/**
 * The profile page (`kit/profile`): name, email and password of the
 * signed-in user.
 */
export interface KitProfileContract {
  kind: 'profile'
  /** `PUT` the form here: `name`, `email`, `currentPassword`, `password`, `passwordConfirmation` */
  action: string
  values: { name: string; email: string }
}

/**
 * An account page of a panel: sign-in, profile, or a step of a password
 * reset.
 */
export type KitAccountContract =
  KitSignInContract | KitProfileContract | KitForgotPasswordContract | KitResetPasswordContract
