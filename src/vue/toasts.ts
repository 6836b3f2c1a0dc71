import { defineComponent, h, watch } from 'vue'
import { Toast, Toaster, createToaster } from '@ark-ui/vue/toast'
import { router, usePage } from '@inertiajs/vue3'
import {
  TOASTER_OPTIONS,
  flashToast,
  isPartialVisit,
  trackPartialVisits,
} from '../renderers/behaviour.ts'
import { toastLinks } from '../renderers/jobs.ts'
import { KitIcon } from './icons.ts'
import { useText } from './text.ts'

/** The panel's toaster: one per application */
export const kitToaster = createToaster(TOASTER_OPTIONS)

/**
 * The toasts of the panel (Ark UI Toast): each one `role="status"`, with a
 * close button.
 */
export const KitToasts = defineComponent({
  name: 'KitToasts',
  setup() {
    const t = useText()
    return () =>
      h(
        Toaster,
        { toaster: kitToaster, class: 'kit-toaster' },
        {
          default: (toast: { id: string; type?: string; description?: unknown; meta?: unknown }) =>
            h(Toast.Root, { key: toast.id, class: 'kit-toast' }, () => [
              h(KitIcon, { name: toast.type === 'error' ? 'x-circle' : 'check-circle' }),
              h(Toast.Description, { class: 'kit-toast-message' }, () => [
                String(toast.description),
                ...toastLinks(toast.meta).map((link) =>
                  h(
                    'a',
                    {
                      'key': link.href,
                      'href': link.href,
                      'class': 'kit-toast-link',
                      'data-kind': link.kind,
                    },
                    link.label
                  )
                ),
              ]),
              h(
                Toast.CloseTrigger,
                { 'class': 'kit-icon-button', 'aria-label': t('panel.dismiss') },
                () => [h(KitIcon, { name: 'x-mark' })]
              ),
            ]),
        }
      )
  },
})

/**
 * Shows a flashed success message as a toast when a page arrives with one:
 * on every full visit (the same message twice shows twice), never again on
 * a partial reload (which keeps the old `flash`).
 */
export function useFlashToast(flash: () => { success?: string | null } | null | undefined) {
  const page = usePage()
  trackPartialVisits(router)
  watch(
    () => page.props,
    () => {
      const value = flash()
      if (value?.success && !isPartialVisit()) {
        kitToaster.create(flashToast(value.success, kitToaster))
      }
    },
    { immediate: true }
  )
}
