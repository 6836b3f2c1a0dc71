import { Link, router } from '@inertiajs/react'
import { useId, useState, type FormEvent } from 'react'
import type { KitPageProps, KitTwoFactorChallengeContract } from '../../renderers/types.ts'
import { CHALLENGE_FACTORS } from '../../renderers/account.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { useText } from '../text.tsx'
import { AccountInput } from './account_field.tsx'
import { SignInFrame } from './password_reset_pages.tsx'

/**
 * The second step of a sign-in (`kit/two_factor_challenge`): a code of the
 * authenticator app, or a recovery code; each factor the user has is
 * offered (`CHALLENGE_FACTORS`).
 */
export function TwoFactorChallengePage({
  account,
  kitPanel,
  errors,
}: {
  account: KitTwoFactorChallengeContract
  kitPanel?: KitPageProps['kitPanel']
  errors?: KitPageProps['errors']
}) {
  const t = useText()
  const id = useId()
  const factors = account.factors.filter((name) => CHALLENGE_FACTORS[name])
  const [factor, setFactor] = useState(factors[0] ?? 'totp')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const fieldErrors = bagErrors(errors, null)
  const current = CHALLENGE_FACTORS[factor] ?? CHALLENGE_FACTORS.totp
  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.post(
      account.action,
      { factor, code },
      {
        onStart: () => setBusy(true),
        onFinish: () => {
          setBusy(false)
          setCode('')
        },
      }
    )
  }
  return (
    <SignInFrame title={t('account.twoFactor.title')} intro={t(current.intro)} kitPanel={kitPanel}>
      {account.error ? (
        <p role="alert" className="kit-alert kit-color-danger">
          {account.error}
        </p>
      ) : null}
      <form className="kit-form" onSubmit={submit} noValidate>
        <AccountInput
          key={factor}
          field={current.field}
          id={`${id}-${factor}`}
          value={code}
          error={fieldError(fieldErrors, 'code')}
          onChange={setCode}
        />
        <div className="kit-form-actions">
          <button type="submit" className="kit-button kit-button-primary" disabled={busy}>
            {t('account.twoFactor.verify')}
          </button>
        </div>
        <p className="kit-sign-in-links">
          {factors
            .filter((name) => name !== factor)
            .map((name) => (
              <button
                key={name}
                type="button"
                className="kit-button kit-button-link"
                onClick={() => {
                  setFactor(name)
                  setCode('')
                }}
              >
                {t(CHALLENGE_FACTORS[name].switchLabel)}
              </button>
            ))}
          <Link href={account.signInUrl} className="kit-sign-in-link">
            {t('account.backToSignIn')}
          </Link>
        </p>
      </form>
    </SignInFrame>
  )
}
