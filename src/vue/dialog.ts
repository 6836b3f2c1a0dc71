import { defineComponent, h, onBeforeUnmount, onMounted, ref, useId } from 'vue'

/**
 * A modal dialog on the native `<dialog>` element (focus is trapped and
 * Escape closes it).
 */
export const KitDialog = defineComponent({
  name: 'KitDialog',
  props: { title: { type: String, required: true } },
  emits: ['close'],
  setup(props, { emit, slots }) {
    const element = ref<HTMLDialogElement | null>(null)
    const id = useId()
    onMounted(() => {
      if (element.value && !element.value.open) element.value.showModal?.()
    })
    onBeforeUnmount(() => element.value?.close?.())
    return () =>
      h(
        'dialog',
        {
          'ref': element,
          'class': 'kit-dialog',
          'aria-labelledby': `${id}-title`,
          'onCancel': (event: Event) => {
            event.preventDefault()
            emit('close')
          },
        },
        [h('h2', { id: `${id}-title` }, props.title), slots.default?.()]
      )
  },
})

interface Confirmation {
  message: string
  label: string
  color?: string
  run: () => void
}

/**
 * A confirmation step: `ask()` opens a dialog; the action runs only when
 * the person confirms. Call `render()` in the component's render function.
 */
export function useConfirmation() {
  const pending = ref<Confirmation | null>(null)
  const render = () => {
    const current = pending.value
    if (!current) return null
    return h(KitDialog, { title: 'Please confirm', onClose: () => (pending.value = null) }, () => [
      h('p', current.message),
      h('div', { class: 'kit-dialog-actions' }, [
        h(
          'button',
          { type: 'button', class: 'kit-button', onClick: () => (pending.value = null) },
          'Cancel'
        ),
        h(
          'button',
          {
            type: 'button',
            class: `kit-button kit-button-primary kit-color-${current.color ?? 'primary'}`,
            onClick: () => {
              pending.value = null
              current.run()
            },
          },
          current.label
        ),
      ]),
    ])
  }
  return { render, ask: (confirmation: Confirmation) => (pending.value = confirmation) }
}
