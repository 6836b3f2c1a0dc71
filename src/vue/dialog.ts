import { defineComponent, h, ref } from 'vue'
import { Dialog } from '@ark-ui/vue/dialog'
import { useText } from './text.ts'

/**
 * A modal dialog (Ark UI Dialog): `role="dialog"` with `aria-modal`, named
 * by its title; focus moves inside and stays there, Escape closes it and
 * focus returns where it was. A click outside closes it unless
 * `closeOnInteractOutside` is false (forms).
 */
export const KitDialog = defineComponent({
  name: 'KitDialog',
  props: {
    title: { type: String, required: true },
    closeOnInteractOutside: { type: Boolean, default: true },
  },
  emits: ['close'],
  setup(props, { emit, slots }) {
    return () =>
      h(
        Dialog.Root,
        {
          open: true,
          closeOnInteractOutside: props.closeOnInteractOutside,
          onOpenChange: (details: { open: boolean }) => {
            if (!details.open) emit('close')
          },
        },
        () => [
          h(Dialog.Backdrop, { class: 'kit-dialog-backdrop' }),
          h(Dialog.Positioner, { class: 'kit-dialog-positioner' }, () => [
            h(Dialog.Content, { class: 'kit-dialog' }, () => [
              h(Dialog.Title, { class: 'kit-dialog-title' }, () => props.title),
              slots.default?.(),
            ]),
          ]),
        ]
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
  const t = useText()
  const pending = ref<Confirmation | null>(null)
  const render = () => {
    const current = pending.value
    if (!current) return null
    return h(
      KitDialog,
      { title: t('confirm.title'), onClose: () => (pending.value = null) },
      () => [
        h(Dialog.Description, () => current.message),
        h('div', { class: 'kit-dialog-actions' }, [
          h(
            'button',
            { type: 'button', class: 'kit-button', onClick: () => (pending.value = null) },
            t('action.cancel')
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
      ]
    )
  }
  return { render, ask: (confirmation: Confirmation) => (pending.value = confirmation) }
}
