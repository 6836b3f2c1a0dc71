import { router } from '@inertiajs/react'
import { useId, useState, type FormEvent } from 'react'
import type {
  KitPageProps,
  KitPasskeyContract,
  KitPasskeysContract,
} from '../../renderers/types.ts'
import {
  createPasskey,
  PASSKEY_NAME_FIELD,
  PASSKEY_PASSWORD_FIELD,
} from '../../renderers/passkeys.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { useConfirmation } from '../dialog.tsx'
import { useText } from '../text.tsx'
import { AccountInput } from './account_field.tsx'

/**
 * The passkeys of the profile page: the user's passkeys (name, added, last
 * used) with rename and remove, and the form adding one (its name and the
 * current password, then the browser's prompt).
 */
export function PasskeysSection({
  passkeys,
  errors,
}: {
  passkeys: KitPasskeysContract
  errors?: KitPageProps['errors']
}) {
  const t = useText()
  const id = useId()
  const confirmation = useConfirmation()
  const [values, setValues] = useState({ passkeyName: '', currentPassword: '' })
  const [local, setLocal] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  /* the add form opens on demand (the profile's own form asks for the current password too) */
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<string | null>(null)
  const [draft, setDraft] = useState('')
  /* the form the page's errors belong to: the add form, or a passkey's rename */
  const [target, setTarget] = useState('add')
  const pageErrors = bagErrors(errors, null)
  const errorsOf = (form: string) => (target === form ? pageErrors : {})
  const addErrors = { ...errorsOf('add'), ...local }

  const add = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setLocal({})
    setTarget('add')
    const step = await createPasskey(passkeys.optionsUrl, values, t)
    setValues((current) => ({ ...current, currentPassword: '' }))
    if ('errors' in step) {
      setLocal(step.errors)
      setBusy(false)
      return
    }
    router.post(
      passkeys.action,
      { passkeyName: values.passkeyName, response: step.answer as Record<string, unknown> },
      {
        preserveScroll: true,
        onSuccess: () => {
          setValues({ passkeyName: '', currentPassword: '' })
          setAdding(false)
        },
        onFinish: () => setBusy(false),
      }
    )
  }
  const rename = (item: KitPasskeyContract) => (event: FormEvent) => {
    event.preventDefault()
    setTarget(item.id)
    router.put(
      item.url,
      { passkeyName: draft },
      { preserveScroll: true, onSuccess: () => setEditing(null) }
    )
  }
  const remove = (item: KitPasskeyContract) =>
    confirmation.ask({
      message: t('account.passkeyRemoveConfirm', { name: item.name }),
      label: t('account.passkeyRemoveAction'),
      color: 'danger',
      run: () => router.delete(item.url, { preserveScroll: true }),
    })

  return (
    <section className="kit-passkeys" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('account.passkeys')}</h2>
      <p className="kit-passkeys-intro">{t('account.passkeysIntro')}</p>
      {passkeys.items.length ? (
        <ul
          className="kit-passkey-list"
          aria-label={t('account.passkeyCount', { count: passkeys.items.length })}
        >
          {passkeys.items.map((item) => (
            <li key={item.id} className="kit-passkey">
              {editing === item.id ? (
                <form className="kit-passkey-rename" onSubmit={rename(item)} noValidate>
                  <AccountInput
                    field={{ ...PASSKEY_NAME_FIELD, hint: undefined }}
                    id={`${id}-rename-${item.id}`}
                    value={draft}
                    error={fieldError(errorsOf(item.id), 'passkeyName')}
                    onChange={setDraft}
                  />
                  <div className="kit-passkey-actions">
                    <button type="submit" className="kit-button kit-button-primary">
                      {t('account.save')}
                    </button>
                    <button type="button" className="kit-button" onClick={() => setEditing(null)}>
                      {t('account.passkeyCancel')}
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <div className="kit-passkey-details">
                    <span className="kit-passkey-name">{item.name}</span>
                    <span>{t('account.passkeyCreated', { date: item.createdAt })}</span>
                    <span>
                      {item.lastUsedAt
                        ? t('account.passkeyLastUsed', { date: item.lastUsedAt })
                        : t('account.passkeyNeverUsed')}
                    </span>
                  </div>
                  <div className="kit-passkey-actions">
                    <button
                      type="button"
                      className="kit-button"
                      aria-label={t('account.passkeyRename', { name: item.name })}
                      onClick={() => {
                        setEditing(item.id)
                        setDraft(item.name)
                      }}
                    >
                      {t('account.passkeyRenameAction')}
                    </button>
                    <button
                      type="button"
                      className="kit-button kit-color-danger"
                      aria-label={t('account.passkeyRemove', { name: item.name })}
                      onClick={() => remove(item)}
                    >
                      {t('account.passkeyRemoveAction')}
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="kit-passkeys-intro">{t('account.passkeyCount', { count: 0 })}</p>
      )}
      {adding ? (
        <form className="kit-form kit-profile-form kit-passkey-add" onSubmit={add} noValidate>
          {[PASSKEY_NAME_FIELD, PASSKEY_PASSWORD_FIELD].map((field) => (
            <AccountInput
              key={field.name}
              field={field}
              id={`${id}-${field.name}`}
              value={values[field.name as keyof typeof values]}
              error={fieldError(addErrors, field.name)}
              onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            />
          ))}
          {fieldError(addErrors, 'passkey') ? (
            <p role="alert" className="kit-alert kit-color-danger">
              {fieldError(addErrors, 'passkey')}
            </p>
          ) : null}
          <div className="kit-form-actions">
            <button type="submit" className="kit-button kit-button-primary" disabled={busy}>
              {t('account.passkeyCreate')}
            </button>
            <button type="button" className="kit-button" onClick={() => setAdding(false)}>
              {t('account.passkeyCancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="kit-passkey-actions">
          <button type="button" className="kit-button" onClick={() => setAdding(true)}>
            {t('account.passkeyAdd')}
          </button>
        </div>
      )}
      {confirmation.element}
    </section>
  )
}
