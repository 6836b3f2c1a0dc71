import { useRef, useState, type FormEvent } from 'react'
import type { ActionFormContract, FormValue } from '../../renderers/types.ts'
import { fieldError } from '../../renderers/shared.ts'
import { withChosenFiles, type ChosenFiles } from '../../renderers/uploads.ts'
import { KitDialog } from '../dialog.tsx'
import { Field } from '../resource_form.tsx'
import { useText } from '../text.tsx'
import { FormLayout } from './layout.tsx'

/**
 * Callbacks of one submission of an action form.
 */
export interface ActionFormCallbacks {
  /** The server refused the data: per-field errors */
  onError: (errors: Record<string, string | string[]>) => void
  /** The action ran */
  onSuccess: () => void
  onFinish: () => void
  /** Files were chosen in the form's upload fields: send multipart form data */
  forceFormData: boolean
}

/**
 * An action form to ask: its title, the action and how to submit the data.
 */
export interface ActionFormRequest {
  title: string
  label: string
  color: string
  form: ActionFormContract
  submit: (data: Record<string, FormValue>, callbacks: ActionFormCallbacks) => void
}

/**
 * The modal of actions that declare a form: `open()` shows the form; the
 * server validates the data before the action runs and its per-field errors
 * are shown in the modal, which closes when the action ran.
 */
export function useActionForm() {
  const [request, setRequest] = useState<ActionFormRequest | null>(null)
  const element = request ? (
    <ActionFormDialog key={request.title} request={request} onClose={() => setRequest(null)} />
  ) : null
  return { element, open: (next: ActionFormRequest) => setRequest(next) }
}

function ActionFormDialog({
  request,
  onClose,
}: {
  request: ActionFormRequest
  onClose: () => void
}) {
  const t = useText()
  const [values, setValues] = useState<Record<string, FormValue>>(() => ({
    ...request.form.values,
  }))
  const [errors, setErrors] = useState<Record<string, string | string[]>>({})
  const [busy, setBusy] = useState(false)
  /* files chosen in upload fields, sent as multipart with the data */
  const chosen = useRef<ChosenFiles>({})
  const { form } = request

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const submission = withChosenFiles(form, values, chosen.current)
    request.submit(submission.data as Record<string, FormValue>, {
      onError: (found) => setErrors(found ?? {}),
      onSuccess: onClose,
      onFinish: () => setBusy(false),
      forceFormData: submission.forceFormData,
    })
  }
  const renderField = (name: string) => {
    const field = form.fields.find((candidate) => candidate.name === name)
    if (!field) return null
    return (
      <Field
        key={name}
        id={`kit-action-form-${name}`}
        field={field}
        value={values[name] ?? null}
        error={fieldError(errors, name)}
        errorOf={(path) => fieldError(errors, path)}
        onChange={(next) => setValues((current) => ({ ...current, [name]: next }))}
        onFiles={(files) => (chosen.current[name] = files)}
      />
    )
  }
  const actions = (
    <div className="kit-dialog-actions">
      <button type="button" className="kit-button" onClick={onClose}>
        {t('action.cancel')}
      </button>
      <button
        type="submit"
        className={`kit-button kit-button-primary kit-color-${request.color}`}
        disabled={busy}
        data-loading={busy ? '' : undefined}
      >
        {request.label}
      </button>
    </div>
  )
  return (
    <KitDialog title={request.title} onClose={onClose} closeOnInteractOutside={false}>
      <form className="kit-form kit-action-form" onSubmit={submit} noValidate aria-busy={busy}>
        {form.layout ? (
          <FormLayout
            nodes={form.layout}
            columns={form.columns}
            context={{ renderLeaf: renderField, errors, actions }}
          />
        ) : (
          <>
            <div
              className="kit-form-grid"
              style={{ '--kit-columns': form.columns } as React.CSSProperties}
            >
              {form.fields.map((field) => renderField(field.name))}
            </div>
            {actions}
          </>
        )}
      </form>
    </KitDialog>
  )
}
