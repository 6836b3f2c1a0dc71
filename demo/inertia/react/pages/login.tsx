import { Head, router } from '@inertiajs/react'
import { useState, type FormEvent } from 'react'

/**
 * Sign-in form of the demo.
 */
export default function Login({ errors }: { errors?: Record<string, string | string[]> }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const error = errors?.email
    ? String(Array.isArray(errors.email) ? errors.email[0] : errors.email)
    : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    router.post('/login', { email, password })
  }
  return (
    <main className="demo-login">
      <Head title="Sign in" />
      <h1>Sign in</h1>
      <form className="kit-form" onSubmit={submit} noValidate>
        <div className="kit-field">
          <label htmlFor="email">Email</label>
          <input
            id="email"
            type="email"
            autoComplete="username"
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'email-error' : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {error ? (
            <p id="email-error" className="kit-field-error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="kit-field">
          <label htmlFor="password">Password</label>
          <input
            id="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div className="kit-form-actions">
          <button type="submit" className="kit-button kit-button-primary">
            Sign in
          </button>
        </div>
      </form>
    </main>
  )
}
