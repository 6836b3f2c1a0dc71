import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

/**
 * A modal dialog on the native `<dialog>` element (focus is trapped and
 * Escape closes it).
 */
export function KitDialog({
  title,
  onClose,
  children,
}: {
  title: string
  onClose: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal?.()
    return () => dialog?.close?.()
  }, [])
  return (
    <dialog
      ref={ref}
      className="kit-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </dialog>
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
  const [pending, setPending] = useState<Confirmation | null>(null)
  const element = pending ? (
    <KitDialog title="Please confirm" onClose={() => setPending(null)}>
      <p>{pending.message}</p>
      <div className="kit-dialog-actions">
        <button type="button" className="kit-button" onClick={() => setPending(null)}>
          Cancel
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
