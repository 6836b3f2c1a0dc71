import { router } from '@inertiajs/react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import type { KitPageProps, KitTwoFactorContract } from '../../renderers/types.ts'
import {
  RECOVERY_CODES_FILE,
  recoveryCodesHref,
  TWO_FACTOR_CODE_FIELD,
  TWO_FACTOR_ERROR_BAG,
  TWO_FACTOR_PASSWORD_FIELD,
} from '../../renderers/account.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { useText } from '../text.tsx'
import { AccountInput } from './account_field.tsx'

/**
 * The profile page's two-factor section: set up (the current password,
 * then the QR code and the key, then a first code), the recovery codes
 * shown once (copy, download), new recovery codes and turning it off
 * (the current password each time).
 */
export function TwoFactorSection({
  twoFactor,
  errors,
}: {
  twoFactor: KitTwoFactorContract
  errors?: KitPageProps['errors']
}) {
  const t = useText()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [copied, setCopied] = useState(false)
  const fieldErrors = bagErrors(errors, TWO_FACTOR_ERROR_BAG)
  /* a form closes once the server's state changes (a refused form stays open) */
  const state = `${twoFactor.enabled}|${!!twoFactor.enrolment}|${twoFactor.recoveryCodes?.join()}`
  useEffect(() => setOpen(false), [state])
  const send = (method: 'post' | 'delete', url: string, data: Record<string, string>) => {
    router.visit(url, {
      method,
      data,
      errorBag: TWO_FACTOR_ERROR_BAG,
      preserveScroll: true,
      preserveState: true,
      onStart: () => setBusy(true),
      onFinish: () => {
        setBusy(false)
        setPassword('')
        setCode('')
      },
    })
  }
  const submit = (method: 'post' | 'delete', url: string) => (event?: FormEvent) => {
    event?.preventDefault()
    send(method, url, { currentPassword: password })
  }
  const passwordInput = (
    <AccountInput
      field={TWO_FACTOR_PASSWORD_FIELD}
      id={`${id}-password`}
      value={password}
      error={fieldError(fieldErrors, 'currentPassword')}
      onChange={setPassword}
    />
  )
  return (
    <section className="kit-two-factor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.twoFactor.title')}</h2>
      {twoFactor.required && !twoFactor.enabled ? (
        <p role="alert" className="kit-alert kit-color-danger">
          {t('account.twoFactor.requiredNotice')}
        </p>
      ) : null}
      {twoFactor.recoveryCodes ? (
        <div className="kit-recovery-codes">
          <h3>{t('account.twoFactor.codesTitle')}</h3>
          <p>{t('account.twoFactor.codesIntro')}</p>
          <ul aria-label={t('account.twoFactor.codesTitle')}>
            {twoFactor.recoveryCodes.map((entry) => (
              <li key={entry}>
                <code>{entry}</code>
              </li>
            ))}
          </ul>
          <div className="kit-form-actions">
            <button
              type="button"
              className="kit-button"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(twoFactor.recoveryCodes!.join('\n'))
                  .then(() => setCopied(true))
              }}
            >
              {t('account.twoFactor.copy')}
            </button>
            <a
              className="kit-button"
              href={recoveryCodesHref(twoFactor.recoveryCodes)}
              download={RECOVERY_CODES_FILE}
            >
              {t('account.twoFactor.download')}
            </a>
            <span role="status">{copied ? t('account.twoFactor.copied') : ''}</span>
          </div>
        </div>
      ) : null}
      {twoFactor.enabled ? (
        <>
          <p>{t('account.twoFactor.on')}</p>
          <p>{t('account.twoFactor.codesLeft', { count: twoFactor.recoveryCodesLeft })}</p>
          {open ? (
            <form className="kit-form" onSubmit={submit('post', twoFactor.recoveryCodesAction)}>
              {passwordInput}
              <div className="kit-form-actions">
                <button type="submit" className="kit-button kit-button-primary" disabled={busy}>
                  {t('account.twoFactor.regenerate')}
                </button>
                <button
                  type="button"
                  className="kit-button kit-color-danger"
                  disabled={busy}
                  onClick={() => submit('delete', twoFactor.action)()}
                >
                  {t('account.twoFactor.disable')}
                </button>
                <button
                  type="button"
                  className="kit-button-link kit-button"
                  onClick={() => setOpen(false)}
                >
                  {t('account.twoFactor.cancel')}
                </button>
              </div>
            </form>
          ) : (
            <div className="kit-form-actions">
              <button type="button" className="kit-button" onClick={() => setOpen(true)}>
                {t('account.twoFactor.manage')}
              </button>
            </div>
          )}
        </>
      ) : twoFactor.enrolment ? (
        <>
          <p>{t('account.twoFactor.scan')}</p>
          <img
            className="kit-two-factor-qr"
            src={twoFactor.enrolment.qrCode}
            alt={t('account.twoFactor.qrCode')}
            width={176}
            height={176}
          />
          <p>
            {t('account.twoFactor.secret')}{' '}
            <code className="kit-two-factor-secret">{twoFactor.enrolment.secret}</code>
          </p>
          <form
            className="kit-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              send('post', twoFactor.confirmAction, { code })
            }}
          >
            <AccountInput
              field={TWO_FACTOR_CODE_FIELD}
              id={`${id}-code`}
              value={code}
              error={fieldError(fieldErrors, 'code')}
              onChange={setCode}
            />
            <div className="kit-form-actions">
              <button type="submit" className="kit-button kit-button-primary" disabled={busy}>
                {t('account.twoFactor.confirm')}
              </button>
            </div>
          </form>
        </>
      ) : (
        <>
          <p>{t('account.twoFactor.off')}</p>
          {open ? (
            <form className="kit-form" noValidate onSubmit={submit('post', twoFactor.action)}>
              {passwordInput}
              <div className="kit-form-actions">
                <button type="submit" className="kit-button kit-button-primary" disabled={busy}>
                  {t('account.twoFactor.continue')}
                </button>
                <button
                  type="button"
                  className="kit-button-link kit-button"
                  onClick={() => setOpen(false)}
                >
                  {t('account.twoFactor.cancel')}
                </button>
              </div>
            </form>
          ) : (
            <div className="kit-form-actions">
              <button
                type="button"
                className="kit-button kit-button-primary"
                onClick={() => setOpen(true)}
              >
                {t('account.twoFactor.setUp')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  )
}
