import { Head, router } from '@inertiajs/react'
import { useId, useState, type FormEvent } from 'react'
import type { KitPageProps, KitProfileContract } from '../../renderers/types.ts'
import { PASSWORD_FIELDS, PROFILE_FIELDS } from '../../renderers/account.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { PanelShell } from '../panel_shell.tsx'
import { useFlashToast } from '../toasts.tsx'
import { useText } from '../text.tsx'
import { AccountInput } from './account_field.tsx'
import { TwoFactorSection } from './two_factor_section.tsx'
import { PasskeysSection } from './passkeys_section.tsx'

/**
 * The profile page (`kit/profile`): name, email and password of the
 * signed-in user, in the panel's shell.
 */
export function ProfilePage({
  account,
  navigation,
  kitPanel,
  errors,
  flash,
}: {
  account: KitProfileContract
  navigation?: KitPageProps['navigation']
  kitPanel?: KitPageProps['kitPanel']
  errors?: KitPageProps['errors']
  flash?: KitPageProps['flash']
}) {
  const t = useText()
  const id = useId()
  useFlashToast(flash)
  const [values, setValues] = useState<Record<string, string>>({
    ...account.values,
    currentPassword: '',
    password: '',
    passwordConfirmation: '',
  })
  const [busy, setBusy] = useState(false)
  const fieldErrors = bagErrors(errors, null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.put(account.action, values, {
      preserveScroll: true,
      preserveState: true,
      onStart: () => setBusy(true),
      onFinish: () => {
        setBusy(false)
        setValues((current) => ({
          ...current,
          ...Object.fromEntries(PASSWORD_FIELDS.map((name) => [name, ''])),
        }))
      },
    })
  }
  return (
    <PanelShell navigation={navigation} kitPanel={kitPanel}>
      <Head title={t('account.profileTitle')} />
      <main className="kit-main">
        <header className="kit-header">
          <h1>{t('account.profileTitle')}</h1>
        </header>
        <form className="kit-form kit-profile-form" onSubmit={submit} noValidate>
          {PROFILE_FIELDS.map((field) => (
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
              {t('account.save')}
            </button>
          </div>
        </form>
        {account.twoFactor ? (
          <TwoFactorSection twoFactor={account.twoFactor} errors={errors} />
        ) : null}
        {account.passkeys ? <PasskeysSection passkeys={account.passkeys} errors={errors} /> : null}
      </main>
    </PanelShell>
  )
}
