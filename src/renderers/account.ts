/*
 * The account pages' fields, shared by both renderers: what each input is
 * named, labelled and autocompleted as.
 */

/** One input of an account form */
export interface AccountField {
  name: string
  /** Catalog key of the label */
  label: string
  type: 'text' | 'email' | 'password'
  autocomplete: string
  /** Catalog key of the hint under the input */
  hint?: string
}

/** The sign-in form's inputs */
export const SIGN_IN_FIELDS: AccountField[] = [
  { name: 'uid', label: 'account.uid', type: 'email', autocomplete: 'username' },
  {
    name: 'password',
    label: 'account.password',
    type: 'password',
    autocomplete: 'current-password',
  },
]

/** The profile form's inputs */
export const PROFILE_FIELDS: AccountField[] = [
  { name: 'name', label: 'account.name', type: 'text', autocomplete: 'name' },
  { name: 'email', label: 'account.email', type: 'email', autocomplete: 'email' },
  {
    name: 'currentPassword',
    label: 'account.currentPassword',
    type: 'password',
    autocomplete: 'current-password',
    hint: 'account.currentPasswordHint',
  },
  {
    name: 'password',
    label: 'account.newPassword',
    type: 'password',
    autocomplete: 'new-password',
    hint: 'account.newPasswordHint',
  },
  {
    name: 'passwordConfirmation',
    label: 'account.passwordConfirmation',
    type: 'password',
    autocomplete: 'new-password',
  },
]

/** The profile form's password inputs, emptied after each save */
export const PASSWORD_FIELDS = ['currentPassword', 'password', 'passwordConfirmation']

/** The reset request form's input */
export const FORGOT_PASSWORD_FIELDS: AccountField[] = [
  { name: 'email', label: 'account.email', type: 'email', autocomplete: 'username' },
]

/** The reset form's inputs */
export const RESET_PASSWORD_FIELDS: AccountField[] = [
  {
    name: 'password',
    label: 'account.newPassword',
    type: 'password',
    autocomplete: 'new-password',
    hint: 'account.resetPasswordHint',
  },
  {
    name: 'passwordConfirmation',
    label: 'account.passwordConfirmation',
    type: 'password',
    autocomplete: 'new-password',
  },
]

/** The sign-up form's inputs */
export const SIGN_UP_FIELDS: AccountField[] = [
  { name: 'name', label: 'account.name', type: 'text', autocomplete: 'name' },
  { name: 'email', label: 'account.email', type: 'email', autocomplete: 'email' },
  {
    name: 'password',
    label: 'account.password',
    type: 'password',
    autocomplete: 'new-password',
    hint: 'account.signUpPasswordHint',
  },
  {
    name: 'passwordConfirmation',
    label: 'account.confirmPassword',
    type: 'password',
    autocomplete: 'new-password',
  },
]
/** The error bag of the profile's two-factor forms (apart from the profile form's) */
export const TWO_FACTOR_ERROR_BAG = 'twoFactor'

/** The current password the two-factor forms of the profile ask for */
export const TWO_FACTOR_PASSWORD_FIELD: AccountField = {
  name: 'currentPassword',
  label: 'account.twoFactor.password',
  type: 'password',
  autocomplete: 'current-password',
}

/** The code of the authenticator app (enrolment and sign-in) */
export const TWO_FACTOR_CODE_FIELD: AccountField = {
  name: 'code',
  label: 'account.twoFactor.code',
  type: 'text',
  autocomplete: 'one-time-code',
}

/**
 * The second factors the challenge page draws: the input, the
 * introduction, and the label of the button that switches to it. A new
 * factor (`SECOND_FACTORS` on the server) adds its entry here; a factor
 * without an entry is not offered.
 */
export const CHALLENGE_FACTORS: Record<
  string,
  { field: AccountField; intro: string; switchLabel: string }
> = {
  totp: {
    field: TWO_FACTOR_CODE_FIELD,
    intro: 'account.twoFactor.challengeIntro',
    switchLabel: 'account.twoFactor.useTotp',
  },
  recovery: {
    field: {
      name: 'code',
      label: 'account.twoFactor.recoveryCode',
      type: 'text',
      autocomplete: 'off',
    },
    intro: 'account.twoFactor.recoveryIntro',
    switchLabel: 'account.twoFactor.useRecovery',
  },
}

/**
 * The recovery codes as a text file to download (`recovery-codes.txt`): a
 * data URL for a link's `href`.
 */
export function recoveryCodesHref(codes: string[]): string {
  return `data:text/plain;charset=utf-8,${encodeURIComponent(`${codes.join('\n')}\n`)}`
}

/** The name of the downloaded file of recovery codes */
export const RECOVERY_CODES_FILE = 'recovery-codes.txt'
