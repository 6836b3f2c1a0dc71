import { router } from '@inertiajs/react'
import { useState } from 'react'
import type { KitPasskeySignInContract } from '../../renderers/types.ts'
import { askPasskey } from '../../renderers/passkeys.ts'
import { useText } from '../text.tsx'

/**
 * "Sign in with a passkey" under the sign-in form: the browser lets the
 * person pick one of their passkeys (no uid asked), then the answer is
 * posted; a refusal shows under the button.
 */
export function PasskeySignIn({
  passkey,
  redirect,
  error,
}: {
  passkey: KitPasskeySignInContract
  redirect: string | null
  error: string | null
}) {
  const t = useText()
  const [busy, setBusy] = useState(false)
  const [local, setLocal] = useState<string | null>(null)
  const start = async () => {
    setBusy(true)
    setLocal(null)
    const step = await askPasskey(passkey.optionsUrl, t)
    if ('errors' in step) {
      setLocal(Object.values(step.errors)[0] ?? t('account.passkeyFailed'))
      setBusy(false)
      return
    }
    router.post(
      passkey.action,
      { response: step.answer as Record<string, unknown>, redirect: redirect ?? undefined },
      { onFinish: () => setBusy(false) }
    )
  }
  const message = local ?? error
  return (
    <div className="kit-passkey-sign-in">
      <p className="kit-passkey-sign-in-divider">{t('account.passkeyOr')}</p>
      {message ? (
        <p role="alert" className="kit-alert kit-color-danger">
          {message}
        </p>
      ) : null}
      <button type="button" className="kit-button" onClick={start} disabled={busy}>
        {t('account.passkeySignIn')}
      </button>
    </div>
  )
}
