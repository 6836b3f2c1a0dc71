import { defineComponent, h, ref, type PropType } from 'vue'
import type { ActionFormContract, FormValue } from '../../renderers/types.ts'
import { fieldError } from '../../renderers/shared.ts'
import { withChosenFiles, type ChosenFiles } from '../../renderers/uploads.ts'
import { KitDialog } from '../dialog.ts'
import { renderField } from '../resource_form.ts'
import { useText } from '../text.ts'
import { formLayout } from './layout.ts'

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

const ActionFormDialog = defineComponent({
  name: 'KitActionFormDialog',
  props: { request: { type: Object as PropType<ActionFormRequest>, required: true } },
  emits: ['close'],
  setup(props, { emit }) {
    const t = useText()
    const values = ref<Record<string, FormValue>>({ ...props.request.form.values })
    const errors = ref<Record<string, string | string[]>>({})
    const busy = ref(false)
    /* files chosen in upload fields, sent as multipart with the data */
    const chosen: ChosenFiles = {}
    const submit = (event: Event) => {
      event.preventDefault()
      busy.value = true
      const submission = withChosenFiles(props.request.form, values.value, chosen)
      props.request.submit(submission.data as Record<string, FormValue>, {
        onError: (found) => (errors.value = found ?? {}),
        onSuccess: () => emit('close'),
        onFinish: () => (busy.value = false),
        forceFormData: submission.forceFormData,
      })
    }
    return () => {
      const { form } = props.request
      const shown = errors.value
      const leaf = (name: string) => {
        const field = form.fields.find((candidate) => candidate.name === name)
        if (!field) return null
        return renderField(
          `kit-action-form-${name}`,
          field,
          values.value[name] ?? null,
          fieldError(shown, name),
          (next) => (values.value = { ...values.value, [name]: next }),
          undefined,
          (path) => fieldError(shown, path),
          {},
          () => {},
          (files) => (chosen[name] = files)
        )
      }
      const actions = () =>
        h('div', { class: 'kit-dialog-actions' }, [
          h(
            'button',
            { type: 'button', class: 'kit-button', onClick: () => emit('close') },
            t('action.cancel')
          ),
          h(
            'button',
            {
              'type': 'submit',
              'class': `kit-button kit-button-primary kit-color-${props.request.color}`,
              'disabled': busy.value,
              'data-loading': busy.value ? '' : undefined,
            },
            props.request.label
          ),
        ])
      return h(
        KitDialog,
        {
          title: props.request.title,
          closeOnInteractOutside: false,
          onClose: () => emit('close'),
        },
        () => [
          h(
            'form',
            {
              'class': 'kit-form kit-action-form',
              'onSubmit': submit,
              'novalidate': true,
              'aria-busy': busy.value ? 'true' : 'false',
            },
            form.layout
              ? formLayout(form.layout, form.columns, { renderLeaf: leaf, errors: shown, actions })
              : [
                  h(
                    'div',
                    { class: 'kit-form-grid', style: { '--kit-columns': String(form.columns) } },
                    form.fields.map((field) => leaf(field.name))
                  ),
                  actions(),
                ]
          ),
        ]
      )
    }
  },
})

/**
 * The modal of actions that declare a form: `open()` shows the form; the
 * server validates the data before the action runs and its per-field errors
 * are shown in the modal, which closes when the action ran. Call `render()`
 * in the component's render function.
 */
export function useActionForm() {
  const request = ref<ActionFormRequest | null>(null)
  const render = () =>
    request.value
      ? h(ActionFormDialog, {
          key: request.value.title,
          request: request.value,
          onClose: () => (request.value = null),
        })
      : null
  return { render, open: (next: ActionFormRequest) => (request.value = next) }
}
