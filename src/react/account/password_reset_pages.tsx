import { BrandMark, PanelFavicon } from '../brand.tsx'
import { Head, Link, router } from '@inertiajs/react'
import { useId, useLayoutEffect, useState, type FormEvent, type ReactNode } from 'react'
import type {
  KitForgotPasswordContract,
  KitPageProps,
  KitResetPasswordContract,
} from '../../renderers/types.ts'
import { FORGOT_PASSWORD_FIELDS, RESET_PASSWORD_FIELDS } from '../../renderers/account.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { applyPanelTheme } from '../../renderers/theme.ts'
import { panelTitle } from '../../renderers/behaviour.ts'
import { useText } from '../text.tsx'
import { AccountInput } from './account_field.tsx'

/**
 * The frame of the pages around sign-in: the panel's brand and theme, a
 * title, an optional introduction.
 */
export function SignInFrame({
  title,
  intro,
  kitPanel,
  children,
}: {
  title: string
  intro?: string
  kitPanel?: KitPageProps['kitPanel']
  children: ReactNode
}) {
  const t = useText()
  const theme = JSON.stringify(kitPanel?.theme ?? {})
  useLayoutEffect(() => {
    applyPanelTheme(JSON.parse(theme))
    return () => applyPanelTheme(null)
  }, [theme])
  return (
    <div className="kit-page kit-sign-in-page">
      <Head title={title} />
      <PanelFavicon kitPanel={kitPanel} />
      <main className="kit-sign-in">
        <p className="kit-sign-in-brand">
          <BrandMark kitPanel={kitPanel} brand={kitPanel?.brand ?? panelTitle(kitPanel?.id, t)} />
        </p>
        <h1>{title}</h1>
        {intro ? <p className="kit-sign-in-intro">{intro}</p> : null}
        {children}
      </main>
    </div>
  )
}

/**
 * "Forgot your password?" (`kit/forgot_password`): an email, the same
 * answer for every email, the form-wide message of a throttled request.
 */
export function ForgotPasswordPage({
  account,
  kitPanel,
  errors,
  flash,
}: {
  account: KitForgotPasswordContract
  kitPanel?: KitPageProps['kitPanel']
  errors?: KitPageProps['errors']
  flash?: KitPageProps['flash']
}) {
  const t = useText()
  const id = useId()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const fieldErrors = bagErrors(errors, null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.post(
      account.action,
      { email },
      { onStart: () => setBusy(true), onFinish: () => setBusy(false) }
    )
  }
  return (
    <SignInFrame
      title={t('account.forgotTitle')}
      intro={t('account.forgotIntro')}
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
      <form className="kit-form" onSubmit={submit} noValidate>
        {FORGOT_PASSWORD_FIELDS.map((field) => (
          <AccountInput
            key={field.name}
            field={field}
            id={`${id}-${field.name}`}
            value={email}
            error={fieldError(fieldErrors, field.name)}
            onChange={setEmail}
          />
        ))}
        <p className="kit-sign-in-links">
          <Link href={account.signInUrl} className="kit-sign-in-link">
            {t('account.backToSignIn')}
          </Link>
        </p>
        <div className="kit-form-actions">
          <button type="submit" className="kit-button kit-button-primary" disabled={busy}>
            {t('account.sendLink')}
          </button>
        </div>
      </form>
    </SignInFrame>
  )
}

/**
 * The reset form of a mailed link (`kit/reset_password`): a new password
 * and its confirmation; a refused link says so and offers a new one.
 */
export function ResetPasswordPage({
  account,
  kitPanel,
  errors,
}: {
  account: KitResetPasswordContract
  kitPanel?: KitPageProps['kitPanel']
  errors?: KitPageProps['errors']
}) {
  const t = useText()
  const id = useId()
  const [values, setValues] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const fieldErrors = bagErrors(errors, null)
  const refused =
    account.token === null ? t('account.resetLinkInvalid') : fieldError(fieldErrors, 'token')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.post(
      account.action,
      { ...values, token: account.token },
      {
        onStart: () => setBusy(true),
        onFinish: () => {
          setBusy(false)
          setValues({})
        },
      }
    )
  }
  return (
    <SignInFrame title={t('account.resetTitle')} kitPanel={kitPanel}>
      {refused ? (
        <p role="alert" className="kit-alert kit-color-danger">
          {refused}
        </p>
      ) : null}
      {account.token === null ? (
        <p className="kit-sign-in-links">
          <Link href={account.forgotPasswordUrl} className="kit-sign-in-link">
            {t('account.requestNewLink')}
          </Link>
          <Link href={account.signInUrl} className="kit-sign-in-link">
            {t('account.backToSignIn')}
          </Link>
        </p>
      ) : (
        <form className="kit-form" onSubmit={submit} noValidate>
          {RESET_PASSWORD_FIELDS.map((field) => (
            <AccountInput
              key={field.name}
              field={field}
              id={`${id}-${field.name}`}
              value={values[field.name] ?? ''}
              error={fieldError(fieldErrors, field.name)}
              onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            />
          ))}
          <div className="kit-form-actions">
            <button type="submit" className="kit-button kit-button-primary" disabled={busy}>
              {t('account.resetSubmit')}
            </button>
          </div>
        </form>
      )}
    </SignInFrame>
  )
}
