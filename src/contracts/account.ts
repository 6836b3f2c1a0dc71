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
  /** "Create an account" (`panel().signUp()`), or null */
  signUpUrl: string | null
  /** "Sign in with a passkey" (`panel().passkeys()`); absent without passkeys */
  passkey?: KitPasskeySignInContract
}

/**
 * "Sign in with a passkey": `POST optionsUrl` (JSON) answers the options of
 * `navigator.credentials.get()`; `POST action` sends the browser's answer
 * (`response`) and `redirect`.
 */
export interface KitPasskeySignInContract {
  optionsUrl: string
  action: string
}

/**
 * A passkey of the signed-in user, as the profile lists it.
 */
export interface KitPasskeyContract {
  id: string
  name: string
  /** When it was added, formatted in the panel's locale and time zone */
  createdAt: string
  /** When it last signed in, formatted, or null */
  lastUsedAt: string | null
  /** `PUT` (`name`) renames it, `DELETE` removes it */
  url: string
}

/**
 * The passkeys section of the profile page (`panel().passkeys()`):
 * `POST optionsUrl` (JSON, `currentPassword`) answers the options of
 * `navigator.credentials.create()`; `POST action` stores the browser's
 * answer (`name`, `response`).
 */
export interface KitPasskeysContract {
  optionsUrl: string
  action: string
  items: KitPasskeyContract[]
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
  /** The two-factor section (`panel().twoFactor()`); absent without it */
  twoFactor?: KitTwoFactorContract
  /** The user's passkeys (`panel().passkeys()`); absent without passkeys */
  passkeys?: KitPasskeysContract
}

/**
 * The profile page's two-factor section: enrolment (an authenticator app,
 * TOTP), recovery codes, turning it off.
 */
export interface KitTwoFactorContract {
  /** `POST` here with `currentPassword` begins an enrolment; `DELETE` turns it off */
  action: string
  /** `POST` here with `code` (the app's first code) confirms the enrolment */
  confirmAction: string
  /** `POST` here with `currentPassword` replaces the recovery codes */
  recoveryCodesAction: string
  enabled: boolean
  /** The panel requires it of this user (they are sent here until it is on) */
  required: boolean
  recoveryCodesLeft: number
  /**
   * The enrolment this session began: the key to type by hand, its
   * `otpauth://` URI and a QR code (an SVG data URL); null otherwise (the
   * secret of a confirmed factor is never sent)
   */
  enrolment: { secret: string; uri: string; qrCode: string } | null
  /** The recovery codes just made, shown once; null otherwise */
  recoveryCodes: string[] | null
}

/**
 * The second step of a sign-in (`kit/two_factor_challenge`): a code of the
 * authenticator app or a recovery code.
 */
export interface KitTwoFactorChallengeContract {
  kind: 'twoFactorChallenge'
  /** `POST` the form here: `factor` (one of `factors`) and `code` */
  action: string
  /** The second factors the user can answer with, in order (`totp`, `recovery`) */
  factors: string[]
  /** Back to the sign-in page */
  signInUrl: string
  /** A form-wide message: too many attempts ("Try again in 42 seconds") */
  error: string | null
  retryAfter: number | null
}

/**
 * "Verify your email" (`kit/verify_email`, `panel().emailVerification()`):
 * what a signed-in user whose email is not verified sees, with a button
 * that mails the link again; or (a refused link) a message.
 */
export interface KitVerifyEmailContract {
  kind: 'verifyEmail'
  /** The email the link goes to */
  email: string
  /** `POST` here (no field) mails the link again */
  resendUrl: string
  /** `POST` here signs out */
  signOutUrl: string
  /** The profile page (to correct the email), or null */
  profileUrl: string | null
  /** A refused link ("invalid or expired") or too many resends, or null */
  error: string | null
  /** Seconds until the next resend is accepted, when throttled */
  retryAfter: number | null
}

/**
 * The registration page (`kit/sign_up`, `panel().signUp()`).
 */
export interface KitSignUpContract {
  kind: 'signUp'
  /** `POST` the form here: `name`, `email`, `password`, `passwordConfirmation` */
  action: string
  /** "Already have an account? Sign in" */
  signInUrl: string
  /** A form-wide message: too many attempts ("Try again in 42 seconds") */
  error: string | null
  /** Seconds until the next attempt is accepted, when throttled */
  retryAfter: number | null
}

/**
 * An account page of a panel: sign-in, sign-up, profile, email
 * verification, or a step of a password reset.
 */
export type KitAccountContract =
  | KitSignInContract
  | KitSignUpContract
  | KitProfileContract
  | KitForgotPasswordContract
  | KitResetPasswordContract
  | KitVerifyEmailContract
  | KitTwoFactorChallengeContract
