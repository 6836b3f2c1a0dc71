import { useEffect } from 'react'
import { router, usePage } from '@inertiajs/react'
import { Toast, Toaster, createToaster } from '@ark-ui/react/toast'
import {
  TOASTER_OPTIONS,
  flashToast,
  isPartialVisit,
  trackPartialVisits,
} from '../renderers/behaviour.ts'
import { toastLinks } from '../renderers/jobs.ts'
import { KitIcon } from './icons.tsx'
import { useText } from './text.tsx'

/** The panel's toaster: one per application */
export const kitToaster = createToaster(TOASTER_OPTIONS)

/**
 * The toasts of the panel (Ark UI Toast): each one `role="status"`, with a
 * close button.
 */
export function KitToasts() {
  const t = useText()
  return (
    <Toaster toaster={kitToaster} className="kit-toaster">
      {(toast) => (
        <Toast.Root key={toast.id} className="kit-toast">
          <KitIcon name={toast.type === 'error' ? 'x-circle' : 'check-circle'} />
          <Toast.Description className="kit-toast-message">
            {toast.description}
            {toastLinks(toast.meta).map((link) => (
              <a key={link.href} href={link.href} className="kit-toast-link" data-kind={link.kind}>
                {link.label}
              </a>
            ))}
          </Toast.Description>
          <Toast.CloseTrigger className="kit-icon-button" aria-label={t('panel.dismiss')}>
            <KitIcon name="x-mark" />
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </Toaster>
  )
}

/**
 * Shows a flashed success message as a toast when a page arrives with one:
 * on every full visit (the same message twice shows twice), never again on
 * a partial reload (which keeps the old `flash`).
 *
 * The toast is created in a microtask, once React has committed the page:
 * the toaster's state machine (zag) commits its own state with `flushSync`,
 * which React refuses from inside a commit, and the effects of a page that
 * a submit brought are flushed within that commit ("flushSync was called
 * from inside a lifecycle method").
 */
export function useFlashToast(flash: { success?: string | null } | null | undefined) {
  const page = usePage()
  trackPartialVisits(router)
  useEffect(() => {
    const message = flash?.success
    if (message && !isPartialVisit()) {
      queueMicrotask(() => kitToaster.create(flashToast(message, kitToaster)))
    }
  }, [page])
}
