import { useState, type ReactNode } from 'react'
import { Dialog } from '@ark-ui/react/dialog'
import { useText } from './text.tsx'

/**
 * A modal dialog (Ark UI Dialog): `role="dialog"` with `aria-modal`, named
 * by its title; focus moves inside and stays there, Escape closes it and
 * focus returns where it was. A click outside closes it unless
 * `closeOnInteractOutside` is false (forms).
 */
export function KitDialog({
  title,
  onClose,
  closeOnInteractOutside = true,
  children,
}: {
  title: string
  onClose: () => void
  closeOnInteractOutside?: boolean
  children: ReactNode
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      closeOnInteractOutside={closeOnInteractOutside}
    >
      <Dialog.Backdrop className="kit-dialog-backdrop" />
      <Dialog.Positioner className="kit-dialog-positioner">
        <Dialog.Content className="kit-dialog">
          <Dialog.Title className="kit-dialog-title">{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  )
}

interface Confirmation {
  message: string
  label: string
  color?: string
  run: () => void
}

/**
 * A confirmation step: `ask()` opens a dialog; the action runs only when
 * the person confirms.
 */
export function useConfirmation() {
  const t = useText()
  const [pending, setPending] = useState<Confirmation | null>(null)
  const element = pending ? (
    <KitDialog title={t('confirm.title')} onClose={() => setPending(null)}>
      <Dialog.Description>{pending.message}</Dialog.Description>
      <div className="kit-dialog-actions">
        <button type="button" className="kit-button" onClick={() => setPending(null)}>
          {t('action.cancel')}
        </button>
        <button
          type="button"
          className={`kit-button kit-button-primary kit-color-${pending.color ?? 'primary'}`}
          onClick={() => {
            const run = pending.run
            setPending(null)
            run()
          }}
        >
          {pending.label}
        </button>
      </div>
    </KitDialog>
  ) : null
  return { element, ask: (confirmation: Confirmation) => setPending(confirmation) }
}
