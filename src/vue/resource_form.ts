import {
  computed,
  defineComponent,
  h,
  onBeforeUnmount,
  ref,
  useId,
  watch,
  type PropType,
  type VNode,
} from 'vue'
import { router } from '@inertiajs/vue3'
import type {
  OptionContract,
  OptionFormContract,
  FormContract,
  FormFieldContract,
  FormValue,
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
import { useText } from './text.ts'
import { withChosenFiles, type ChosenFiles } from '../renderers/uploads.ts'
import { FileUploadField } from './fields/file_upload.ts'
import { RichEditorField } from './fields/rich_editor.ts'
import { renderMarkdownEditor } from './fields/markdown_editor.ts'

type FieldValue = FormValue
type RemoteField = Pick<
  RemoteSelectContract,
  'name' | 'label' | 'multiple' | 'options' | 'searchDebounce'
> & { search: OptionSearch }
type Errors = Record<string, unknown> | null | undefined

/**
 * A select whose options are searched on the server (debounced), single or
 * multiple (many-to-many).
 */
export const RemoteSelect = defineComponent({
  name: 'RemoteSelect',
  props: {
    id: { type: String, required: true },
    field: { type: Object as PropType<RemoteField>, required: true },
    value: { type: [String, Number, Boolean, Array, null] as PropType<FieldValue>, default: null },
    describedBy: { type: String, default: undefined },
    invalid: { type: Boolean, default: false },
    /** Options created meanwhile (their labels) */
    extraOptions: { type: Array as PropType<OptionContract[]>, default: () => [] },
  },
  emits: ['change'],
  setup(props, { emit }) {
    const t = useText()
    const term = ref('')
    const options = ref<OptionContract[]>([])
    const open = ref(false)
    const active = ref(-1)
    const status = ref('')
    const known = ref<OptionContract[]>([...props.field.options])
    let abort: AbortController | null = null
    const chosen = () =>
      (Array.isArray(props.value)
        ? props.value
        : props.value === null || props.value === ''
          ? []
          : [props.value]
      ).map(String)
    const labelOf = (key: string) =>
      [...known.value, ...props.extraOptions].find((option) => option.value === key)?.label ?? key

    const search = debounce(async (text: string) => {
      if (text.length < Math.max(props.field.search.minLength, 1)) {
        options.value = []
        return
      }
      abort?.abort()
      abort = new AbortController()
      try {
        const found = await searchOptions(
          props.field.search,
          props.field.name,
          text,
          abort.signal,
          t
        )
        options.value = found
        active.value = -1
        open.value = true
        status.value = found.length
          ? t('form.options', { count: found.length })
          : t('form.noOptions')
      } catch (error) {
        if ((error as Error).name !== 'AbortError') status.value = (error as Error).message
      }
    }, props.field.searchDebounce || 300)
    onBeforeUnmount(() => search.cancel())

    const choose = (option: OptionContract) => {
      known.value = [...known.value.filter((item) => item.value !== option.value), option]
      const current = chosen()
      if (props.field.multiple) {
        if (!current.includes(option.value)) emit('change', [...current, option.value])
      } else {
        emit('change', option.value)
      }
      term.value = ''
      open.value = false
    }

    return () => {
      const listId = `${props.id}-listbox`
      const current = chosen()
      return h('div', { class: 'kit-remote-select' }, [
        current.length
          ? h(
              'ul',
              {
                'class': 'kit-chips',
                'aria-label': t('form.chosen', { label: props.field.label }),
              },
              current.map((key) =>
                h('li', { key }, [
                  labelOf(key),
                  h(
                    'button',
                    {
                      'type': 'button',
                      'class': 'kit-chip-remove',
                      'aria-label': t('form.remove', { label: labelOf(key) }),
                      'onClick': () =>
                        emit(
                          'change',
                          props.field.multiple ? current.filter((item) => item !== key) : null
                        ),
                    },
                    '×'
                  ),
                ])
              )
            )
          : null,
        h('input', {
          'id': props.id,
          'type': 'text',
          'role': 'combobox',
          'autocomplete': 'off',
          'aria-autocomplete': 'list',
          'aria-expanded': open.value ? 'true' : 'false',
          'aria-controls': listId,
          'aria-activedescendant':
            open.value && options.value[active.value] ? `${listId}-${active.value}` : undefined,
          'aria-describedby': props.describedBy,
          'aria-invalid': props.invalid ? 'true' : undefined,
          'placeholder': t('form.searchOptions'),
          'value': term.value,
          'onInput': (event: Event) => {
            term.value = (event.target as HTMLInputElement).value
            search(term.value)
          },
          'onKeydown': (event: KeyboardEvent) => {
            const next = comboboxKey(event.key, {
              open: open.value,
              active: active.value,
              count: options.value.length,
            })
            if (!next) return
            if (next.handled) event.preventDefault()
            open.value = next.open
            active.value = next.active
            if (next.choose) choose(options.value[next.active])
          },
        }),
        h(
          'ul',
          {
            'id': listId,
            'role': 'listbox',
            'hidden': !open.value || !options.value.length,
            'aria-label': props.field.label,
          },
          options.value.map((option, index) =>
            h(
              'li',
              {
                'key': option.value,
                'id': `${listId}-${index}`,
                'role': 'option',
                'aria-selected': index === active.value ? 'true' : 'false',
                'onMousedown': (event: MouseEvent) => {
                  event.preventDefault()
                  choose(option)
                },
              },
              option.label
            )
          )
        ),
        h('span', { 'class': 'kit-sr-only', 'aria-live': 'polite' }, status.value),
      ])
    }
  },
})

/**
 * One field with its label and its error.
 */
export function renderField(
  id: string,
  field: FormFieldContract,
  value: FieldValue,
  error: string | null,
  onChange: (value: FieldValue) => void,
  created?: { options: OptionContract[]; add: (option: OptionContract) => void },
  onFiles?: (files: File[]) => void
): VNode {
  const t = useText()
  const errorId = `${id}-error`
  const extra = created?.options ?? []
  const options =
    field.type === 'select'
      ? [
          ...field.options,
          ...extra.filter((item) => !field.options.some((option) => option.value === item.value)),
        ]
      : []
  const common = {
    'id': id,
    'name': field.name,
    'aria-invalid': error ? 'true' : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': field.required ? 'true' : undefined,
  }
  const text = (event: Event) => (event.target as HTMLInputElement).value
  let control: VNode
  switch (field.type) {
    case 'textarea':
      control = h('textarea', {
        ...common,
        rows: field.rows,
        maxlength: field.maxLength ?? undefined,
        value: String(value ?? ''),
        onInput: (event: Event) => onChange(text(event)),
      })
      break
    case 'date':
    case 'datetime':
      control = h('input', {
        ...common,
        type: field.type === 'date' ? 'date' : 'datetime-local',
        value: String(value ?? ''),
        onInput: (event: Event) => onChange(text(event) || null),
      })
      break
    case 'toggle':
      control = h('input', {
        ...common,
        type: 'checkbox',
        role: 'switch',
        checked: value === true,
        onChange: (event: Event) => onChange((event.target as HTMLInputElement).checked),
      })
      break
    case 'select': {
      if (field.search) {
        control = h(RemoteSelect, {
          id,
          field: field as RemoteSelectContract,
          value,
          describedBy: error ? errorId : undefined,
          invalid: !!error,
          extraOptions: extra,
          onChange,
        })
        break
      }
      const selected = Array.isArray(value)
        ? value.map(String)
        : value === null || value === undefined
          ? []
          : [String(value)]
      control = field.multiple
        ? h(
            'select',
            {
              ...common,
              multiple: true,
              onChange: (event: Event) =>
                onChange(
                  Array.from((event.target as HTMLSelectElement).selectedOptions).map(
                    (option) => option.value
                  )
                ),
            },
            options.map((option) =>
              h(
                'option',
                {
                  key: option.value,
                  value: option.value,
                  selected: selected.includes(option.value),
                },
                option.label
              )
            )
          )
        : h(
            'select',
            {
              ...common,
              value: selected[0] ?? '',
              onChange: (event: Event) =>
                onChange((event.target as HTMLSelectElement).value || null),
            },
            [
              h('option', { value: '' }, field.required ? t('form.choose') : '—'),
              ...options.map((option) =>
                h(
                  'option',
                  {
                    key: option.value,
                    value: option.value,
                    selected: selected[0] === option.value,
                  },
                  option.label
                )
              ),
            ]
          )
      break
    }
    case 'file':
    case 'richText':
    case 'markdown': {
      const media = { id, value, describedBy: error ? errorId : undefined, invalid: !!error }
      control =
        field.type === 'file'
          ? h(FileUploadField, { ...media, field, onChange, onFiles: onFiles ?? (() => {}) })
          : field.type === 'richText'
            ? h(RichEditorField, { ...media, field, onChange })
            : h(
                'div',
                { class: 'kit-markdown-field' },
                renderMarkdownEditor({ ...media, field, onChange }, t)
              )
      break
    }
    default:
      control = h('input', {
        ...common,
        type: field.inputType,
        maxlength: field.maxLength ?? undefined,
        placeholder: field.placeholder ?? undefined,
        value: String(value ?? ''),
        onInput: (event: Event) => onChange(text(event)),
      })
  }
  return h('div', { class: `kit-field kit-field-${field.type}`, key: field.name }, [
    h('label', { for: id }, [
      field.label,
      field.required ? h('span', { 'aria-hidden': 'true' }, ' *') : null,
    ]),
    control,
    error ? h('p', { id: errorId, class: 'kit-field-error' }, error) : null,
    field.type === 'select' && field.createOption && created
      ? h(OptionForm, {
          id: `${id}-new`,
          label: field.label,
          form: field.createOption,
          onCreated: (option: OptionContract) => {
            created.add(option)
            const chosen = Array.isArray(value) ? value.map(String) : []
            onChange(field.multiple ? [...chosen, option.value] : option.value)
          },
        })
      : null,
  ])
}

/**
 * The form creating an option of a select, inside the parent form but
 * submitted on its own (JSON): it never submits the parent form. Emits
 * `created` with the new option.
 */
const OptionForm = defineComponent({
  name: 'OptionForm',
  props: {
    id: { type: String, required: true },
    label: { type: String, required: true },
    form: { type: Object as PropType<OptionFormContract>, required: true },
  },
  emits: ['created'],
  setup(props, { emit }) {
    const t = useText()
    const open = ref(false)
    const values = ref<Record<string, FieldValue>>({})
    const errors = ref<Record<string, string>>({})
    const failure = ref<string | null>(null)
    const busy = ref(false)
    const submit = async () => {
      busy.value = true
      try {
        const answer = await submitOptionForm(props.form, values.value, undefined, t)
        if ('errors' in answer) {
          errors.value = answer.errors
          return
        }
        errors.value = {}
        failure.value = null
        values.value = {}
        open.value = false
        emit('created', answer.option)
      } catch (caught) {
        failure.value = (caught as Error).message
      } finally {
        busy.value = false
      }
    }
    return () => {
      if (!open.value) {
        return h(
          'button',
          {
            type: 'button',
            class: 'kit-button kit-option-new',
            onClick: () => (open.value = true),
          },
          t('form.newOption', { label: props.label })
        )
      }
      return h(
        'fieldset',
        { 'class': 'kit-option-form', 'aria-busy': busy.value ? 'true' : 'false' },
        [
          h('legend', t('form.newOption', { label: props.label })),
          failure.value
            ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, failure.value)
            : null,
          ...props.form.fields.map((optionField) =>
            renderField(
              `${props.id}-${optionField.name}`,
              optionField,
              values.value[optionField.name] ?? null,
              errors.value[optionField.name] ?? null,
              (next) => (values.value = { ...values.value, [optionField.name]: next })
            )
          ),
          h('div', { class: 'kit-form-actions' }, [
            h(
              'button',
              { type: 'button', class: 'kit-button kit-button-primary', onClick: submit },
              t('action.createLabel', { label: props.label })
            ),
            h(
              'button',
              { type: 'button', class: 'kit-button', onClick: () => (open.value = false) },
              t('action.cancel')
            ),
          ]),
        ]
      )
    }
  },
})

/**
 * A create or edit form, submitted with an Inertia visit; the server's
 * per-field errors are shown next to their fields. Emits `success` after
 * the server accepted it and `cancel`.
 */
export const ResourceForm = defineComponent({
  name: 'ResourceForm',
  props: {
    form: { type: Object as PropType<FormContract>, required: true },
    errors: { type: Object as PropType<Errors>, default: null },
    /**
     * The form's error bag: its errors come back under this name and only
     * they are shown on it (several forms on one page never share errors)
     */
    errorBag: { type: String, default: null },
    submitLabel: { type: String, default: null },
    cancellable: { type: Boolean, default: false },
  },
  emits: ['success', 'cancel'],
  setup(props, { emit }) {
    const t = useText()
    const state = ref<FormState>(formState(props.form))
    /* options created with option forms, per field */
    const created = ref<Record<string, OptionContract[]>>({})
    const processing = ref(false)
    const formId = useId()
    /* another record's form starts afresh; a newer contract of the same form
       (reloaded after a relation manager changed the record) is rebased */
    watch(
      () => props.form,
      (form, previous) => {
        state.value =
          previous && previous.action.url === form.action.url
            ? rebaseFormState(state.value, form)
            : formState(form)
      }
    )

    /* unsaved changes: warn before the page is left */
    const dirty = computed(
      () =>
        !processing.value &&
        JSON.stringify(formSubmission(props.form, state.value)) !==
          JSON.stringify(formSubmission(props.form, formState(props.form)))
    )
    let stopWarning: (() => void) | null = null
    watch(dirty, (isDirty) => {
      stopWarning?.()
      stopWarning = isDirty
        ? warnBeforeLeaving((listener) => router.on('before', listener), t)
        : null
    })
    onBeforeUnmount(() => stopWarning?.())

    /* files chosen in upload fields, sent as multipart with the form */
    const chosen: ChosenFiles = {}
    const submit = (event: Event) => {
      event.preventDefault()
      const bag = props.errorBag
      const submission = withChosenFiles(
        props.form,
        formSubmission(props.form, state.value),
        chosen
      )
      router.visit(props.form.action.url, {
        method: props.form.action.method,
        data: submission.data as any,
        forceFormData: submission.forceFormData,
        preserveScroll: true,
        preserveState: true,
        ...(bag ? { errorBag: bag } : {}),
        onStart: () => (processing.value = true),
        onFinish: () => (processing.value = false),
        onSuccess: (page: { props: Record<string, unknown> }) => {
          const own = bagErrors(page.props.errors as Errors, bag)
          if (Object.keys(own).length === 0) emit('success')
        },
        /* an empty bag (another bag's errors, or none) is no refusal of this form */
        onError: (own: Record<string, unknown>) => {
          if (Object.keys(own ?? {}).length === 0) emit('success')
        },
      })
    }

    return () => {
      const form = props.form
      const errors = bagErrors(props.errors, props.errorBag)
      const values = { value: state.value.values }
      const general = otherErrors(errors, form.fields)
      return h(
        'form',
        {
          'class': 'kit-form',
          'onSubmit': submit,
          'novalidate': true,
          'aria-busy': processing.value ? 'true' : 'false',
        },
        [
          general.length
            ? h(
                'div',
                { role: 'alert', class: 'kit-alert kit-color-danger' },
                general.map((message) => h('p', { key: message }, message))
              )
            : null,
          h(
            'div',
            { class: 'kit-form-grid', style: { '--kit-columns': String(form.columns) } },
            form.fields.map((field) =>
              renderField(
                `${formId}-${field.name}`,
                field,
                values.value[field.name] ?? null,
                fieldError(errors, field.name),
                (value) => {
                  state.value = {
                    ...state.value,
                    values: { ...state.value.values, [field.name]: value },
                  }
                },
                {
                  options: created.value[field.name] ?? [],
                  add: (option) =>
                    (created.value = {
                      ...created.value,
                      [field.name]: [...(created.value[field.name] ?? []), option],
                    }),
                },
                (files) => (chosen[field.name] = files)
              )
            )
          ),
          h('div', { class: 'kit-form-actions' }, [
            h(
              'button',
              {
                'type': 'submit',
                'class': 'kit-button kit-button-primary',
                'disabled': processing.value,
                'data-loading': processing.value ? '' : undefined,
              },
              [
                processing.value
                  ? h('span', { 'class': 'kit-spinner', 'aria-hidden': 'true' })
                  : null,
                props.submitLabel ??
                  (form.operation === 'create' ? t('action.create') : t('action.save')),
              ]
            ),
            props.cancellable
              ? h(
                  'button',
                  { type: 'button', class: 'kit-button', onClick: () => emit('cancel') },
                  t('action.cancel')
                )
              : null,
          ]),
        ]
      )
    }
  },
})
