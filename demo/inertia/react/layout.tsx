import type { ReactNode } from 'react'

/**
 * The demo's frame: the renderer switch (the panels draw their own user
 * menu and sign-out).
 */
export default function DemoLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="demo-bar">
        <strong>adonis-kit demo</strong>
        <span>
          Renderer: React · <a href="/renderer/vue">Switch to Vue</a>
        </span>
      </header>
      {children}
    </>
  )
}
