import { Link, router } from '@inertiajs/react'
import { useId, useState, type FormEvent } from 'react'
import type {
  KitPageProps,
  KitSignUpContract,
  KitVerifyEmailContract,
} from '../../renderers/types.ts'
import { SIGN_UP_FIELDS } from '../../renderers/account.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { useText } from '../text.tsx'
import { AccountInput } from './account_field.tsx'
import { SignInFrame } from './password_reset_pages.tsx'

/**
 * "Verify your email" (`kit/verify_email`): where the link went, a button
 * that sends it again, sign-out; the message of a refused link or of too
 * many resends.
 */
export function VerifyEmailPage({
  account,
  kitPanel,
  flash,
}: {
  account: KitVerifyEmailContract
  kitPanel?: KitPageProps['kitPanel']
  flash?: KitPageProps['flash']
}) {
  const t = useText()
  const [busy, setBusy] = useState(false)
  const post = (url: string) => (event: FormEvent) => {
    event.preventDefault()
    router.post(url, {}, { onStart: () => setBusy(true), onFinish: () => setBusy(false) })
  }
  return (
    <SignInFrame
      title={t('account.verifyTitle')}
      intro={t('account.verifyIntro', { email: account.email })}
      kitPanel={kitPanel}
    >
      {account.error ? (
        <p role="alert" className="kit-alert kit-color-danger">
          {account.error}
        </p>
      ) : flash?.success ? (
        <p role="status" className="kit-alert kit-color-success">
          {flash.success}
        </p>
      ) : null}
      <form className="kit-form" onSubmit={post(account.resendUrl)}>
        {account.profileUrl ? (
          <p className="kit-sign-in-links">
            <Link href={account.profileUrl} className="kit-sign-in-link">
              {t('account.wrongEmail')}
            </Link>
          </p>
        ) : null}
        <div className="kit-form-actions">
          <button type="submit" className="kit-button kit-button-primary" disabled={busy}>
            {t('account.verifyResend')}
          </button>
        </div>
      </form>
      <form className="kit-form" onSubmit={post(account.signOutUrl)}>
        <div className="kit-form-actions">
          <button type="submit" className="kit-button" disabled={busy}>
            {t('account.signOut')}
          </button>
        </div>
      </form>
    </SignInFrame>
  )
}

/**
 * The registration page (`kit/sign_up`): name, email, password and its
 * confirmation, errors by field, the form-wide message of a throttled
 * attempt.
 */
export function SignUpPage({
  account,
  kitPanel,
  errors,
}: {
  account: KitSignUpContract
  kitPanel?: KitPageProps['kitPanel']
  errors?: KitPageProps['errors']
}) {
  const t = useText()
  const id = useId()
  const [values, setValues] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const fieldErrors = bagErrors(errors, null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.post(account.action, values, {
      onStart: () => setBusy(true),
      onFinish: () => {
        setBusy(false)
        setValues((current) => ({ name: current.name ?? '', email: current.email ?? '' }))
      },
    })
  }
  return (
    <SignInFrame title={t('account.signUpTitle')} kitPanel={kitPanel}>
      {account.error ? (
        <p role="alert" className="kit-alert kit-color-danger">
          {account.error}
        </p>
      ) : null}
      <form className="kit-form" onSubmit={submit} noValidate>
        {SIGN_UP_FIELDS.map((field) => (
          <AccountInput
            key={field.name}
            field={field}
            id={`${id}-${field.name}`}
            value={values[field.name] ?? ''}
            error={fieldError(fieldErrors, field.name)}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
        <p className="kit-sign-in-links">
          <Link href={account.signInUrl} className="kit-sign-in-link">
            {t('account.haveAccount')}
          </Link>
        </p>
        <div className="kit-form-actions">
          <button type="submit" className="kit-button kit-button-primary" disabled={busy}>
            {t('account.signUpSubmit')}
          </button>
        </div>
      </form>
    </SignInFrame>
  )
}
