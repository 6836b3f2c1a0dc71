import { router } from '@inertiajs/react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type {
  FormContract,
  FormFieldContract,
  FormValue,
  OptionContract,
  OptionFormContract,
  RemoteSelectContract,
} from '../renderers/types.ts'
import {
  bagErrors,
  comboboxKey,
  formState,
  formSubmission,
  type FormState,
  rebaseFormState,
  type OptionSearch,
  debounce,
  fieldError,
  otherErrors,
  searchOptions,
  submitOptionForm,
} from '../renderers/shared.ts'
import { warnBeforeLeaving } from '../renderers/behaviour.ts'
import { useText } from './text.tsx'
import { withChosenFiles, type ChosenFiles } from '../renderers/uploads.ts'
import { FileUploadField } from './fields/file_upload.tsx'
import { RichEditorField } from './fields/rich_editor.tsx'
import { MarkdownEditorField } from './fields/markdown_editor.tsx'

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
  const formId = useId()
  const errors = bagErrors(pageErrors, errorBag)
  const general = otherErrors(errors, form.fields)

  /* another record's form starts afresh; a newer contract of the same form
     (reloaded after a relation manager changed the record) is rebased */
  const shownUrl = useRef(form.action.url)
  useEffect(() => {
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
    const submission = withChosenFiles(form, formSubmission(form, state), chosen.current)
    router.visit(form.action.url, {
      method: form.action.method,
      data: submission.data as any,
      forceFormData: submission.forceFormData,
      preserveScroll: true,
      preserveState: true,
      ...(errorBag ? { errorBag } : {}),
      onStart: () => setProcessing(true),
      onFinish: () => setProcessing(false),
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

  return (
    <form className="kit-form" onSubmit={submit} noValidate aria-busy={processing}>
      {general.length ? (
        <div role="alert" className="kit-alert kit-color-danger">
          {general.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <div className="kit-form-grid" style={{ ['--kit-columns' as any]: form.columns }}>
        {form.fields.map((field) => (
          <Field
            key={field.name}
            id={`${formId}-${field.name}`}
            field={field}
            value={values[field.name] ?? null}
            error={fieldError(errors, field.name)}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            onFiles={(files) => (chosen.current[field.name] = files)}
          />
        ))}
      </div>
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
      </div>
    </form>
  )
}

interface FieldProps {
  id: string
  field: FormFieldContract
  value: FieldValue
  error: string | null
  onChange: (value: FieldValue) => void
  /** Files chosen in a file upload field */
  onFiles?: (files: File[]) => void
}

/**
 * One field with its label and its error.
 */
export function Field({ id, field, value, error, onChange, onFiles }: FieldProps) {
  const t = useText()
  /* options created here (option form) until the page is reloaded */
  const [extra, setExtra] = useState<OptionContract[]>([])
  const options =
    field.type === 'select'
      ? [
          ...field.options,
          ...extra.filter((item) => !field.options.some((option) => option.value === item.value)),
        ]
      : []
  const errorId = `${id}-error`
  const describedBy = error ? errorId : undefined
  const common = {
    id,
    'name': field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
  }
  let control: React.ReactNode
  switch (field.type) {
    case 'textarea':
      control = (
        <textarea
          {...common}
          rows={field.rows}
          maxLength={field.maxLength ?? undefined}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value)}
        />
      )
      break
    case 'date':
    case 'datetime':
      control = (
        <input
          {...common}
          type={field.type === 'date' ? 'date' : 'datetime-local'}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value || null)}
        />
      )
      break
    case 'toggle':
      control = (
        <input
          {...common}
          type="checkbox"
          role="switch"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
      )
      break
    case 'select':
      control = field.search ? (
        <RemoteSelect
          id={id}
          field={field as RemoteSelectContract}
          value={value}
          describedBy={describedBy}
          invalid={!!error}
          extraOptions={extra}
          onChange={onChange}
        />
      ) : field.multiple ? (
        <select
          {...common}
          multiple
          value={(Array.isArray(value) ? value : []).map(String)}
          onChange={(event) =>
            onChange(Array.from(event.target.selectedOptions).map((option) => option.value))
          }
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <select
          {...common}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => onChange(event.target.value || null)}
        >
          <option value="">{field.required ? t('form.choose') : '—'}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )
      break
    case 'file':
    case 'richText':
    case 'markdown': {
      const media = { id, value, describedBy, invalid: !!error, onChange }
      control =
        field.type === 'file' ? (
          <FileUploadField {...media} field={field} onFiles={onFiles ?? (() => {})} />
        ) : field.type === 'richText' ? (
          <RichEditorField {...media} field={field} />
        ) : (
          <MarkdownEditorField {...media} field={field} />
        )
      break
    }
    default:
      control = (
        <input
          {...common}
          type={field.inputType}
          maxLength={field.maxLength ?? undefined}
          placeholder={field.placeholder ?? undefined}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.target.value)}
        />
      )
  }
  return (
    <div className={`kit-field kit-field-${field.type}`}>
      <label htmlFor={id}>
        {field.label}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {control}
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
          onCreated={(option) => {
            setExtra((current) => [...current, option])
            const chosen = Array.isArray(value) ? value.map(String) : []
            onChange(field.multiple ? [...chosen, option.value] : option.value)
          }}
        />
      ) : null}
    </div>
  )
}

/**
 * The form creating an option of a select, inside the parent form but
 * submitted on its own (JSON): it never submits the parent form.
 */
function OptionForm({
  id,
  label,
  form,
  onCreated,
}: {
  id: string
  label: string
  form: OptionFormContract
  onCreated: (option: OptionContract) => void
}) {
  const t = useText()
  const [open, setOpen] = useState(false)
  const [values, setValues] = useState<Record<string, FieldValue>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const title = t('form.newOption', { label })
  if (!open) {
    return (
      <button type="button" className="kit-button kit-option-new" onClick={() => setOpen(true)}>
        {title}
      </button>
    )
  }
  const submit = async () => {
    setBusy(true)
    try {
      const answer = await submitOptionForm(form, values, undefined, t)
      if ('errors' in answer) {
        setErrors(answer.errors)
        return
      }
      setErrors({})
      setFailure(null)
      setValues({})
      setOpen(false)
      onCreated(answer.option)
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
        <button type="button" className="kit-button kit-button-primary" onClick={submit}>
          {t('action.createLabel', { label })}
        </button>
        <button type="button" className="kit-button" onClick={() => setOpen(false)}>
          {t('action.cancel')}
        </button>
      </div>
    </fieldset>
  )
}

/**
 * A select whose options are searched on the server (debounced), single or
 * multiple (many-to-many). Chosen values are listed with a remove button.
 */
export function RemoteSelect({
  id,
  field,
  value,
  describedBy,
  invalid,
  extraOptions,
  onChange,
}: {
  id: string
  field: Pick<
    RemoteSelectContract,
    'name' | 'label' | 'multiple' | 'options' | 'searchDebounce'
  > & {
    search: OptionSearch
  }
  value: FieldValue
  describedBy?: string
  invalid?: boolean
  /** Options created meanwhile (their labels) */
  extraOptions?: OptionContract[]
  onChange: (value: FieldValue) => void
}) {
  const t = useText()
  const [term, setTerm] = useState('')
  const [options, setOptions] = useState<OptionContract[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState('')
  const [known, setKnown] = useState<OptionContract[]>(field.options)
  const abort = useRef<AbortController | null>(null)
  const listId = `${id}-listbox`
  const chosen = (Array.isArray(value) ? value : value === null || value === '' ? [] : [value]).map(
    String
  )
  const labelOf = (key: string) =>
    [...known, ...(extraOptions ?? [])].find((option) => option.value === key)?.label ?? key

  const search = useMemo(
    () =>
      debounce(async (text: string) => {
        if (text.length < Math.max(field.search.minLength, 1)) {
          setOptions([])
          return
        }
        abort.current?.abort()
        abort.current = new AbortController()
        try {
          const found = await searchOptions(field.search, field.name, text, abort.current.signal, t)
          setOptions(found)
          setActive(-1)
          setOpen(true)
          setStatus(found.length ? t('form.options', { count: found.length }) : t('form.noOptions'))
        } catch (error) {
          if ((error as Error).name !== 'AbortError') setStatus((error as Error).message)
        }
      }, field.searchDebounce || 300),
    [field.search.url, field.search.minLength, field.name]
  )
  useEffect(() => () => search.cancel(), [search])

  const choose = (option: OptionContract) => {
    setKnown((current) => [...current.filter((item) => item.value !== option.value), option])
    if (field.multiple) {
      if (!chosen.includes(option.value)) onChange([...chosen, option.value])
    } else {
      onChange(option.value)
    }
    setTerm('')
    setOpen(false)
  }

  return (
    <div className="kit-remote-select">
      {chosen.length ? (
        <ul className="kit-chips" aria-label={t('form.chosen', { label: field.label })}>
          {chosen.map((key) => (
            <li key={key}>
              {labelOf(key)}
              <button
                type="button"
                className="kit-chip-remove"
                aria-label={t('form.remove', { label: labelOf(key) })}
                onClick={() =>
                  onChange(field.multiple ? chosen.filter((item) => item !== key) : null)
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        placeholder={t('form.searchOptions')}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value)
          search(event.target.value)
        }}
        onKeyDown={(event) => {
          const next = comboboxKey(event.key, { open, active, count: options.length })
          if (!next) return
          if (next.handled) event.preventDefault()
          setOpen(next.open)
          setActive(next.active)
          if (next.choose) choose(options[next.active])
        }}
      />
      <ul id={listId} role="listbox" hidden={!open || !options.length} aria-label={field.label}>
        {options.map((option, index) => (
          <li
            key={option.value}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault()
              choose(option)
            }}
          >
            {option.label}
          </li>
        ))}
      </ul>
      <span className="kit-sr-only" aria-live="polite">
        {status}
      </span>
    </div>
  )
}
