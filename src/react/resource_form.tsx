import { router } from '@inertiajs/react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type {
  FormContract,
  FormFieldContract,
  FormValue,
  OptionContract,
  OptionFormContract,
} from '../renderers/types.ts'
import {
  bagErrors,
  chosenKeys,
  formState,
  formSubmission,
  type FormState,
  rebaseFormState,
  fieldError,
  otherErrors,
  loadOptionValues,
  mergeOptions,
  submitOptionForm,
  answeredFields,
  blurredField,
  liveFields,
  LiveFormClient,
  mergeFormState,
} from '../renderers/shared.ts'
import { warnBeforeLeaving } from '../renderers/behaviour.ts'
import { useText } from './text.tsx'
import { KitIcon } from './icons.tsx'
import { RemoteSelect } from './fields/remote_select.tsx'

export { RemoteSelect }
import { isFieldRequired, isFieldVisible } from '../renderers/field_conditions.ts'
import { FormLayout } from './form/layout.tsx'
import type { RepeaterFieldProps } from './form/repeater.tsx'
import { renderKitComponent, type FieldControlProps } from './registry.tsx'
import { checkWizardStep } from '../renderers/form_layout.ts'
import { uploadPercent, withChosenFiles, type ChosenFiles } from '../renderers/uploads.ts'

type FieldValue = FormValue
type Errors = Record<string, unknown> | null | undefined

export interface ResourceFormProps {
  form: FormContract
  errors?: Errors
  submitLabel?: string
  /**
   * The form's error bag: its errors come back under this name and only
   * they are shown on it (several forms on one page never share errors)
   */
  errorBag?: string
  /** Called after the server accepted the form */
  onSuccess?: () => void
  onCancel?: () => void
}

/**
 * A create or edit form. It submits to the form's action with an Inertia
 * visit; the server's per-field errors are shown next to their fields.
 */
export function ResourceForm({
  form,
  errors: pageErrors,
  errorBag,
  submitLabel,
  onSuccess,
  onCancel,
}: ResourceFormProps) {
  const t = useText()
  const [state, setState] = useState<FormState>(() => formState(form))
  const values = state.values
  const setValues = (update: (current: Record<string, FieldValue>) => Record<string, FieldValue>) =>
    setState((current) => ({ ...current, values: update(current.values) }))
  const [processing, setProcessing] = useState(false)
  /* the share of the chosen files sent so far, while a multipart submission goes */
  const [progress, setProgress] = useState<number | null>(null)
  const formId = useId()
  /* errors of a wizard's step check, until the next submit */
  const [stepErrors, setStepErrors] = useState<Record<string, string>>({})
  const errors = useMemo(
    () => ({ ...bagErrors(pageErrors, errorBag), ...stepErrors }),
    [pageErrors, errorBag, stepErrors]
  )
  const general = otherErrors(errors, form.fields)

  /* live fields: the fields' state the server last answered, the field
     whose update is under way, a failed update's message */
  const [answered, setAnswered] = useState<Record<string, FormFieldContract>>({})
  const fields = useMemo(() => liveFields(form.fields, answered), [form.fields, answered])
  const [liveBusy, setLiveBusy] = useState<string | null>(null)
  const [liveError, setLiveError] = useState<string | null>(null)
  const latest = useRef({ values, fields, form })
  latest.current = { values, fields, form }
  const live = useMemo(
    () =>
      new LiveFormClient(
        {
          url: () => latest.current.form.stateUrl,
          fields: () => latest.current.fields,
          values: () => latest.current.values,
          apply: (answer, sent) => {
            setState((current) => ({
              ...current,
              values: mergeFormState(current.values, sent, answer, latest.current.fields),
            }))
            setAnswered(answeredFields(answer))
          },
          busy: setLiveBusy,
          failed: setLiveError,
        },
        t
      ),
    []
  )
  useEffect(() => () => live.dispose(), [live])

  /* another record's form starts afresh; a newer contract of the same form
     (reloaded after a relation manager changed the record) is rebased */
  const shownUrl = useRef(form.action.url)
  useEffect(() => {
    setAnswered({})
    if (shownUrl.current !== form.action.url) {
      shownUrl.current = form.action.url
      setState(formState(form))
    } else {
      setState((current) => rebaseFormState(current, form))
    }
  }, [form])

  /* unsaved changes: warn before the page is left */
  const initial = useMemo(() => JSON.stringify(formSubmission(form, formState(form))), [form])
  const dirty = JSON.stringify(formSubmission(form, state)) !== initial
  useEffect(() => {
    if (!dirty || processing) return
    return warnBeforeLeaving((listener) => router.on('before', listener), t)
  }, [dirty, processing])

  /* files chosen in upload fields, sent as multipart with the form */
  const chosen = useRef<ChosenFiles>({})
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setStepErrors({})
    const submission = withChosenFiles(form, formSubmission(form, state), chosen.current)
    router.visit(form.action.url, {
      method: form.action.method,
      data: submission.data,
      forceFormData: submission.forceFormData,
      preserveScroll: true,
      preserveState: true,
      ...(errorBag ? { errorBag } : {}),
      onStart: () => setProcessing(true),
      onProgress: (sent?: { percentage?: number }) => setProgress(uploadPercent(sent)),
      onFinish: () => {
        setProcessing(false)
        setProgress(null)
      },
      onSuccess: (page: { props: Record<string, unknown> }) => {
        const own = bagErrors((page.props as { errors?: Errors }).errors, errorBag)
        if (Object.keys(own).length === 0) onSuccess?.()
      },
      /* an empty bag (another bag's errors, or none) is no refusal of this form */
      onError: (own: Record<string, unknown>) => {
        if (Object.keys(own ?? {}).length === 0) onSuccess?.()
      },
    })
  }

  /* a field hidden by its condition is not drawn (the server ignores it too) */
  const renderField = (field: FormFieldContract) =>
    isFieldVisible(field, values) ? (
      <Field
        key={field.name}
        id={`${formId}-${field.name}`}
        field={field}
        value={values[field.name] ?? null}
        values={values}
        error={fieldError(errors, field.name)}
        errorOf={(path) => fieldError(errors, path)}
        liveBusy={liveBusy === field.name}
        onChange={(value) => {
          const old = values[field.name]
          setValues((current) => ({ ...current, [field.name]: value }))
          live.changed(field.name, old)
        }}
        onOther={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
        onFiles={(files) => (chosen.current[field.name] = files)}
      />
    ) : null
  const actions = (
    <div className="kit-form-actions">
      <button
        type="submit"
        className="kit-button kit-button-primary"
        disabled={processing}
        data-loading={processing ? '' : undefined}
      >
        {processing ? <span className="kit-spinner" aria-hidden="true" /> : null}
        {submitLabel ?? (form.operation === 'create' ? t('action.create') : t('action.save'))}
      </button>
      {onCancel ? (
        <button type="button" className="kit-button" onClick={onCancel}>
          {t('action.cancel')}
        </button>
      ) : null}
      {processing && progress !== null ? (
        <progress
          className="kit-upload-progress"
          max={100}
          value={progress}
          aria-label={t('upload.progress')}
        />
      ) : null}
    </div>
  )

  return (
    <form
      className="kit-form"
      onSubmit={submit}
      noValidate
      aria-busy={processing}
      onBlur={(event) => {
        const name = blurredField(event)
        if (name) live.blurred(name)
      }}
    >
      {liveError ? (
        <p role="alert" className="kit-alert kit-color-danger">
          {liveError}
        </p>
      ) : null}
      {general.length ? (
        <div role="alert" className="kit-alert kit-color-danger">
          {general.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {form.layout ? (
        <FormLayout
          nodes={form.layout}
          columns={form.columns}
          context={{
            renderLeaf: (name) => {
              const field = fields.find((candidate) => candidate.name === name)
              return field ? renderField(field) : null
            },
            errors,
            actions,
            checkStep: async (step) => {
              const wizard = form.layout!.find((node) => node.kind === 'wizard')
              const found = await checkWizardStep(
                form.action,
                formSubmission(form, state),
                wizard?.kind === 'wizard' ? wizard.stepParameter : '_kit_step',
                step,
                t
              )
              setStepErrors(found)
              return Object.keys(found).length === 0
            },
          }}
        />
      ) : (
        <>
          <div
            className="kit-form-grid"
            style={{ '--kit-columns': form.columns } as React.CSSProperties}
          >
            {fields.map(renderField)}
          </div>
          {actions}
        </>
      )}
    </form>
  )
}

interface FieldProps {
  id: string
  field: FormFieldContract
  value: FieldValue
  error: string | null
  /** The error of a nested value (a repeater item's field: `items.2.name`) */
  errorOf?: (path: string) => string | null
  onChange: (value: FieldValue) => void
  /** The form's values (conditions, a password's confirmation) */
  values?: Record<string, FieldValue>
  onOther?: (name: string, value: FieldValue) => void
  /** Files chosen in a file upload field */
  onFiles?: (files: File[]) => void
  /** A live update of this field is under way */
  liveBusy?: boolean
}

/**
 * One field with its label and its error.
 */
export function Field({
  id,
  field,
  value,
  error,
  errorOf,
  onChange,
  values = {},
  onOther,
  onFiles,
  liveBusy = false,
}: FieldProps) {
  const t = useText()
  /* options created or renamed here (option forms) until the page is reloaded */
  const [extra, setExtra] = useState<OptionContract[]>([])
  const options = field.type === 'select' ? mergeOptions(field.options, extra) : []
  const saveOption = (option: OptionContract) =>
    setExtra((current) => mergeOptions(current, [option]))
  const errorId = `${id}-error`
  const helpId = field.helperText ? `${id}-help` : ''
  const describedBy = [error ? errorId : '', helpId].filter(Boolean).join(' ') || undefined
  const required = isFieldRequired(field, values)
  const control = renderKitComponent('fields', field.type, {
    id,
    field,
    value,
    invalid: !!error,
    describedBy,
    required,
    values,
    onChange,
    onOther: (name: string, next: FieldValue) => onOther?.(name, next),
    onFiles: onFiles ?? (() => {}),
    errorOf: errorOf ?? (() => null),
    extraOptions: extra,
    renderField: (props: RepeaterFieldProps) => <Field key={props.id} {...props} />,
  } satisfies FieldControlProps)
  return (
    <div
      className={`kit-field kit-field-${field.type}`}
      data-kit-field={field.name}
      aria-busy={liveBusy || undefined}
    >
      {field.type === 'checkbox' ? null : (
        <label htmlFor={id} id={`${id}-label`}>
          {field.label}
          {required ? <span aria-hidden="true"> *</span> : null}
          {field.hint ? <span className="kit-field-hint">{field.hint}</span> : null}
        </label>
      )}
      {control}
      {liveBusy ? (
        <p className="kit-live-busy" role="status">
          <span className="kit-spinner" aria-hidden="true" />
          {t('live.updating')}
        </p>
      ) : null}
      {field.helperText ? (
        <p id={helpId} className="kit-field-helper">
          {field.helperText}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="kit-field-error">
          {error}
        </p>
      ) : null}
      {field.type === 'select' && field.createOption ? (
        <OptionForm
          id={`${id}-new`}
          label={field.label}
          form={field.createOption}
          onSaved={(option) => {
            saveOption(option)
            const chosen = Array.isArray(value) ? value.map(String) : []
            onChange(field.multiple ? [...chosen, option.value] : option.value)
          }}
        />
      ) : null}
      {field.type === 'select' && field.editOption && !field.multiple && chosenKeys(value)[0] ? (
        <OptionForm
          key={chosenKeys(value)[0]}
          id={`${id}-edit`}
          label={field.label}
          form={field.editOption}
          option={{
            value: chosenKeys(value)[0],
            label:
              options.find((option) => option.value === chosenKeys(value)[0])?.label ??
              chosenKeys(value)[0],
          }}
          onSaved={saveOption}
        />
      ) : null}
    </div>
  )
}

/**
 * The form creating an option of a select, or editing the chosen one
 * (`option`: its values are loaded from the server when the form opens).
 * It sits inside the parent form but is submitted on its own (JSON): it
 * never submits the parent form.
 */
function OptionForm({
  id,
  label,
  form,
  option,
  onSaved,
}: {
  id: string
  label: string
  form: OptionFormContract
  option?: OptionContract
  onSaved: (option: OptionContract) => void
}) {
  const t = useText()
  const [open, setOpen] = useState(false)
  const [values, setValues] = useState<Record<string, FieldValue>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const title = option
    ? t('form.editOption', { label: option.label })
    : t('form.newOption', { label })
  const start = async () => {
    setOpen(true)
    if (!option) return
    setBusy(true)
    try {
      setValues((await loadOptionValues(form, option.value, t)) as Record<string, FieldValue>)
    } catch (caught) {
      setFailure((caught as Error).message)
    } finally {
      setBusy(false)
    }
  }
  if (!open) {
    return (
      <button
        type="button"
        className={option ? 'kit-button kit-option-edit' : 'kit-button kit-option-new'}
        onClick={start}
      >
        <KitIcon name={option ? 'pencil-square' : 'plus'} />
        {title}
      </button>
    )
  }
  const submit = async () => {
    setBusy(true)
    try {
      const answer = await submitOptionForm(form, values, option?.value, t)
      if ('errors' in answer) {
        setErrors(answer.errors)
        return
      }
      setErrors({})
      setFailure(null)
      setValues({})
      setOpen(false)
      onSaved(answer.option)
    } catch (caught) {
      setFailure((caught as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <fieldset className="kit-option-form" aria-busy={busy}>
      <legend>{title}</legend>
      {failure ? (
        <p role="alert" className="kit-alert kit-color-danger">
          {failure}
        </p>
      ) : null}
      {form.fields.map((optionField) => (
        <Field
          key={optionField.name}
          id={`${id}-${optionField.name}`}
          field={optionField}
          value={values[optionField.name] ?? null}
          error={errors[optionField.name] ?? null}
          onChange={(next) => setValues((current) => ({ ...current, [optionField.name]: next }))}
        />
      ))}
      <div className="kit-form-actions">
        <button
          type="button"
          className="kit-button kit-button-primary"
          disabled={busy}
          onClick={submit}
        >
          {option ? t('action.save') : t('action.createLabel', { label })}
        </button>
        <button type="button" className="kit-button" onClick={() => setOpen(false)}>
          {t('action.cancel')}
        </button>
      </div>
    </fieldset>
  )
}
