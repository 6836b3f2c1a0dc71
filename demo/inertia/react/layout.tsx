import { router, usePage } from '@inertiajs/react'
import type { ReactNode } from 'react'

/**
 * The demo's frame: who is signed in, the renderer switch, sign out.
 */
export default function DemoLayout({ children }: { children: ReactNode }) {
  const { props } = usePage<{ user?: { email: string } | null }>()
  return (
    <>
      <header className="demo-bar">
        <strong>adonis-kit demo</strong>
        <span>
          Renderer: React · <a href="/renderer/vue">Switch to Vue</a>
        </span>
        {props.user ? (
          <span>
            {props.user.email}{' '}
            <button type="button" className="kit-button" onClick={() => router.post('/logout')}>
              Sign out
            </button>
          </span>
        ) : null}
      </header>
      {children}
    </>
  )
}
