import type { ReactElement } from 'react'
import { Link, usePage } from '@inertiajs/react'

export default function Layout({ children }: { children: ReactElement }) {
  const { user } = usePage<{ user?: { email: string } }>().props
  return (
    <>
      <header className="app-header">
        <Link href="/">Home</Link>
        {user ? (
          <Link href="/logout" method="post" as="button">
            Log out
          </Link>
        ) : (
          <Link href="/login">Log in</Link>
        )}
      </header>
      <main>{children}</main>
    </>
  )
}
