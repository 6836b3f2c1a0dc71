import { Head, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'

export default function Login() {
  const form = useForm({ email: '', password: '' })
  const { errors } = form

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post('/login')
  }

  return (
    <>
      <Head title="Log in" />
      <h1>Log in</h1>
      <form onSubmit={submit}>
        <label>
          Email
          <input
            type="email"
            name="email"
            value={form.data.email}
            onChange={(event) => form.setData('email', event.target.value)}
          />
        </label>
        {errors.email && <p role="alert">{errors.email}</p>}
        <label>
          Password
          <input
            type="password"
            name="password"
            value={form.data.password}
            onChange={(event) => form.setData('password', event.target.value)}
          />
        </label>
        <button type="submit" disabled={form.processing}>
          Log in
        </button>
      </form>
    </>
  )
}
