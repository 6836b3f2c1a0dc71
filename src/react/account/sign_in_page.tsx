import { BrandMark, PanelFavicon } from '../brand.tsx'
import { Head, Link, router } from '@inertiajs/react'
import { useId, useLayoutEffect, useState, type FormEvent } from 'react'
import type { KitPageProps, KitSignInContract } from '../../renderers/types.ts'
import { SIGN_IN_FIELDS } from '../../renderers/account.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { applyPanelTheme } from '../../renderers/theme.ts'
import { panelTitle } from '../../renderers/behaviour.ts'
import { useText } from '../text.tsx'
import { AccountInput } from './account_field.tsx'
import { PasskeySignIn } from './passkey_sign_in.tsx'

/**
 * The panel's sign-in page (`kit/login`): uid, password, "remember me",
 * the form-wide message of a throttled attempt, the field's message of
 * refused credentials.
 */
export function SignInPage({
  account,
  kitPanel,
  errors,
  flash,
}: {
  account: KitSignInContract
  kitPanel?: KitPageProps['kitPanel']
  errors?: KitPageProps['errors']
  flash?: KitPageProps['flash']
}) {
  const t = useText()
  const id = useId()
  const [values, setValues] = useState<Record<string, string>>({ uid: account.uid, password: '' })
  const [remember, setRemember] = useState(false)
  const [busy, setBusy] = useState(false)
  const fieldErrors = bagErrors(errors, null)
  const theme = JSON.stringify(kitPanel?.theme ?? {})
  useLayoutEffect(() => {
    applyPanelTheme(JSON.parse(theme))
    return () => applyPanelTheme(null)
  }, [theme])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.post(
      account.action,
      { ...values, remember, redirect: account.redirect ?? undefined },
      {
        onStart: () => setBusy(true),
        onFinish: () => {
          setBusy(false)
          setValues((current) => ({ ...current, password: '' }))
        },
      }
    )
  }
  const brand = kitPanel?.brand ?? panelTitle(kitPanel?.id, t)
  return (
    <div className="kit-page kit-sign-in-page">
      <Head title={t('account.signIn')} />
      <PanelFavicon kitPanel={kitPanel} />
      <main className="kit-sign-in">
        <p className="kit-sign-in-brand">
          <BrandMark kitPanel={kitPanel} brand={brand} />
        </p>
        <h1>{t('account.signIn')}</h1>
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
          {SIGN_IN_FIELDS.map((field) => (
            <AccountInput
              key={field.name}
              field={field}
              id={`${id}-${field.name}`}
              value={values[field.name] ?? ''}
              error={fieldError(fieldErrors, field.name)}
              onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            />
          ))}
          {account.rememberMe ? (
            <label className="kit-sign-in-remember">
              <input
                type="checkbox"
                name="remember"
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
              />
              {t('account.remember')}
            </label>
          ) : null}
          {account.forgotPasswordUrl ? (
            <p className="kit-sign-in-links">
              <Link href={account.forgotPasswordUrl} className="kit-sign-in-link">
                {t('account.forgotPassword')}
              </Link>
            </p>
          ) : null}
          <div className="kit-form-actions">
            <button type="submit" className="kit-button kit-button-primary" disabled={busy}>
              {t('account.signIn')}
            </button>
          </div>
          {account.signUpUrl ? (
            <p className="kit-sign-in-links">
              <Link href={account.signUpUrl} className="kit-sign-in-link">
                {t('account.noAccount')}
              </Link>
            </p>
          ) : null}
        </form>
        {account.passkey ? (
          <PasskeySignIn
            passkey={account.passkey}
            redirect={account.redirect}
            error={fieldError(fieldErrors, 'passkey')}
          />
        ) : null}
      </main>
    </div>
  )
}
