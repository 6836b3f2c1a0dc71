import { onBeforeUnmount, ref, watch } from 'vue'
import { router } from '@inertiajs/vue3'

/**
 * A disclosure of the top bar (user menu, tenant switcher): Escape closes
 * it and returns focus to its button, a click outside or a visit closes it.
 */
export function useDisclosure() {
  const open = ref(false)
  const button = ref<HTMLButtonElement | null>(null)
  const root = ref<HTMLDivElement | null>(null)

  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    open.value = false
    button.value?.focus()
  }
  const onPointer = (event: PointerEvent) => {
    if (!root.value?.contains(event.target as Node)) open.value = false
  }
  watch(open, (isOpen) => {
    if (isOpen) {
      document.addEventListener('keydown', onKey)
      document.addEventListener('pointerdown', onPointer)
    } else {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  })
  const offNavigate = router.on('navigate', () => (open.value = false))
  onBeforeUnmount(() => {
    offNavigate()
    document.removeEventListener('keydown', onKey)
    document.removeEventListener('pointerdown', onPointer)
  })
  return { open, button, root }
}
