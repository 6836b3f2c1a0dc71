import { router } from '@inertiajs/react'
import { useEffect, useRef, useState } from 'react'

/**
 * A disclosure of the top bar (user menu, tenant switcher): Escape closes
 * it and returns focus to its button, a click outside or a visit closes it.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])
  useEffect(() => router.on('navigate', () => setOpen(false)), [])
  return { open, setOpen, button, root }
}
