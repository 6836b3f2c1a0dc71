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
