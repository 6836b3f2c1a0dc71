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
import { useText } from './text.ts'
import { KitIcon } from './icons.ts'
import { RemoteSelect } from './fields/remote_select.ts'

export { RemoteSelect }
import { isFieldRequired, isFieldVisible } from '../renderers/field_conditions.ts'
import { formLayout } from './form/layout.ts'
import { renderKitComponent, type FieldControlProps } from './registry.ts'
import { checkWizardStep } from '../renderers/form_layout.ts'
import { uploadPercent, withChosenFiles, type ChosenFiles } from '../renderers/uploads.ts'

type FieldValue = FormValue
type Errors = Record<string, unknown> | null | undefined

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
  /** The error of a nested value (a repeater item's field: `items.2.name`) */
  errorOf?: (path: string) => string | null,
  values: Record<string, FieldValue> = {},
  onOther: (name: string, value: FieldValue) => void = () => {},
  onFiles?: (files: File[]) => void,
  /** The note shown while a live update of this field is under way */
  liveBusy: string | null = null
): VNode {
  const errorId = `${id}-error`
  const extra = created?.options ?? []
  const options = field.type === 'select' ? mergeOptions(field.options, extra) : []
  const chosenOption = field.type === 'select' ? chosenKeys(value)[0] : undefined
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
    onOther,
    onFiles: onFiles ?? (() => {}),
    errorOf: errorOf ?? (() => null),
    extraOptions: extra,
    renderField,
  } satisfies FieldControlProps)
  const wrapper = {
    'class': `kit-field kit-field-${field.type}`,
    'key': field.name,
    'data-kit-field': field.name,
    'aria-busy': liveBusy ? 'true' : undefined,
  }
  return h('div', wrapper, [
    field.type === 'checkbox'
      ? null
      : h('label', { for: id, id: `${id}-label` }, [
          field.label,
          required ? h('span', { 'aria-hidden': 'true' }, ' *') : null,
          field.hint ? h('span', { class: 'kit-field-hint' }, field.hint) : null,
        ]),
    control,
    liveBusy
      ? h('p', { class: 'kit-live-busy', role: 'status' }, [
          h('span', { 'class': 'kit-spinner', 'aria-hidden': 'true' }),
          liveBusy,
        ])
      : null,
    field.helperText ? h('p', { id: helpId, class: 'kit-field-helper' }, field.helperText) : null,
    error ? h('p', { id: errorId, class: 'kit-field-error' }, error) : null,
    field.type === 'select' && field.createOption && created
      ? h(OptionForm, {
          id: `${id}-new`,
          label: field.label,
          form: field.createOption,
          onSaved: (option: OptionContract) => {
            created.add(option)
            const chosen = Array.isArray(value) ? value.map(String) : []
            onChange(field.multiple ? [...chosen, option.value] : option.value)
          },
        })
      : null,
    field.type === 'select' && field.editOption && !field.multiple && chosenOption && created
      ? h(OptionForm, {
          key: chosenOption,
          id: `${id}-edit`,
          label: field.label,
          form: field.editOption,
          option: {
            value: chosenOption,
            label: options.find((option) => option.value === chosenOption)?.label ?? chosenOption,
          },
          onSaved: (option: OptionContract) => created.add(option),
        })
      : null,
  ])
}

/**
 * The form creating an option of a select, or editing the chosen one
 * (`option`: its values are loaded from the server when the form opens).
 * It sits inside the parent form but is submitted on its own (JSON): it
 * never submits the parent form. Emits `saved` with the option.
 */
const OptionForm = defineComponent({
  name: 'OptionForm',
  props: {
    id: { type: String, required: true },
    label: { type: String, required: true },
    form: { type: Object as PropType<OptionFormContract>, required: true },
    option: { type: Object as PropType<OptionContract | null>, default: null },
  },
  emits: ['saved'],
  setup(props, { emit }) {
    const t = useText()
    const open = ref(false)
    const values = ref<Record<string, FieldValue>>({})
    const errors = ref<Record<string, string>>({})
    const failure = ref<string | null>(null)
    const busy = ref(false)
    const title = () =>
      props.option
        ? t('form.editOption', { label: props.option.label })
        : t('form.newOption', { label: props.label })
    const start = async () => {
      open.value = true
      if (!props.option) return
      busy.value = true
      try {
        values.value = (await loadOptionValues(props.form, props.option.value, t)) as Record<
          string,
          FieldValue
        >
      } catch (caught) {
        failure.value = (caught as Error).message
      } finally {
        busy.value = false
      }
    }
    const submit = async () => {
      busy.value = true
      try {
        const answer = await submitOptionForm(props.form, values.value, props.option?.value, t)
        if ('errors' in answer) {
          errors.value = answer.errors
          return
        }
        errors.value = {}
        failure.value = null
        values.value = {}
        open.value = false
        emit('saved', answer.option)
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
            class: props.option ? 'kit-button kit-option-edit' : 'kit-button kit-option-new',
            onClick: start,
          },
          [h(KitIcon, { name: props.option ? 'pencil-square' : 'plus' }), title()]
        )
      }
      return h(
        'fieldset',
        { 'class': 'kit-option-form', 'aria-busy': busy.value ? 'true' : 'false' },
        [
          h('legend', title()),
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
              {
                type: 'button',
                class: 'kit-button kit-button-primary',
                disabled: busy.value,
                onClick: submit,
              },
              props.option ? t('action.save') : t('action.createLabel', { label: props.label })
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
    /* the share of the chosen files sent so far, while a multipart submission goes */
    const progress = ref<number | null>(null)
    const formId = useId()
    /* errors of a wizard's step check, until the next submit */
    const stepErrors = ref<Record<string, string>>({})
    const checkStep = async (step: number) => {
      const wizard = props.form.layout?.find((node) => node.kind === 'wizard')
      const found = await checkWizardStep(
        props.form.action,
        formSubmission(props.form, state.value),
        wizard?.kind === 'wizard' ? wizard.stepParameter : '_kit_step',
        step,
        t
      )
      stepErrors.value = found
      return Object.keys(found).length === 0
    }
    /* live fields: the fields' state the server last answered, the field
       whose update is under way, a failed update's message */
    const answered = ref<Record<string, FormFieldContract>>({})
    const fields = computed(() => liveFields(props.form.fields, answered.value))
    const liveBusy = ref<string | null>(null)
    const liveError = ref<string | null>(null)
    const live = new LiveFormClient(
      {
        url: () => props.form.stateUrl,
        fields: () => fields.value,
        values: () => state.value.values,
        apply: (answer, sent) => {
          state.value = {
            ...state.value,
            values: mergeFormState(state.value.values, sent, answer, fields.value),
          }
          answered.value = answeredFields(answer)
        },
        busy: (name) => (liveBusy.value = name),
        failed: (message) => (liveError.value = message),
      },
      t
    )
    onBeforeUnmount(() => live.dispose())
    /* the errors shown: a new object only when they change (tabs and steps follow them) */
    const shownErrors = computed(() => ({
      ...bagErrors(props.errors, props.errorBag),
      ...stepErrors.value,
    }))
    /* another record's form starts afresh; a newer contract of the same form
       (reloaded after a relation manager changed the record) is rebased */
    watch(
      () => props.form,
      (form, previous) => {
        answered.value = {}
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
      stepErrors.value = {}
      const bag = props.errorBag
      const submission = withChosenFiles(
        props.form,
        formSubmission(props.form, state.value),
        chosen
      )
      router.visit(props.form.action.url, {
        method: props.form.action.method,
        data: submission.data,
        forceFormData: submission.forceFormData,
        preserveScroll: true,
        preserveState: true,
        ...(bag ? { errorBag: bag } : {}),
        onStart: () => (processing.value = true),
        onProgress: (sent?: { percentage?: number }) => (progress.value = uploadPercent(sent)),
        onFinish: () => {
          processing.value = false
          progress.value = null
        },
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
      const errors = shownErrors.value
      const values = { value: state.value.values }
      const general = otherErrors(errors, form.fields)
      /* a field hidden by its condition is not drawn (the server ignores it too) */
      const drawField = (field: FormFieldContract) =>
        !isFieldVisible(field, values.value)
          ? null
          : renderField(
              `${formId}-${field.name}`,
              field,
              values.value[field.name] ?? null,
              fieldError(errors, field.name),
              (value) => {
                const old = state.value.values[field.name]
                state.value = {
                  ...state.value,
                  values: { ...state.value.values, [field.name]: value },
                }
                live.changed(field.name, old)
              },
              {
                options: created.value[field.name] ?? [],
                add: (option) =>
                  (created.value = {
                    ...created.value,
                    [field.name]: mergeOptions(created.value[field.name] ?? [], [option]),
                  }),
              },
              (path) => fieldError(errors, path),
              values.value,
              (name, value) => {
                state.value = {
                  ...state.value,
                  values: { ...state.value.values, [name]: value },
                }
              },
              (files) => (chosen[field.name] = files),
              liveBusy.value === field.name ? t('live.updating') : null
            )
      const actions = () =>
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
          processing.value && progress.value !== null
            ? h('progress', {
                'class': 'kit-upload-progress',
                'max': 100,
                'value': progress.value,
                'aria-label': t('upload.progress'),
              })
            : null,
        ])
      return h(
        'form',
        {
          'class': 'kit-form',
          'onSubmit': submit,
          'novalidate': true,
          'aria-busy': processing.value ? 'true' : 'false',
          'onFocusout': (event: FocusEvent) => {
            const name = blurredField(event)
            if (name) live.blurred(name)
          },
        },
        [
          liveError.value
            ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, liveError.value)
            : null,
          general.length
            ? h(
                'div',
                { role: 'alert', class: 'kit-alert kit-color-danger' },
                general.map((message) => h('p', { key: message }, message))
              )
            : null,
          ...(form.layout
            ? formLayout(form.layout, form.columns, {
                renderLeaf: (name) => {
                  const field = fields.value.find((candidate) => candidate.name === name)
                  return field ? drawField(field) : null
                },
                errors,
                actions,
                checkStep,
              })
            : [
                h(
                  'div',
                  { class: 'kit-form-grid', style: { '--kit-columns': String(form.columns) } },
                  fields.value.map(drawField)
                ),
                actions(),
              ]),
        ]
      )
    }
  },
})
