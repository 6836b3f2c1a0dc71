import { Head, useForm } from '@inertiajs/react'
import type { FormEvent } from 'react'

export default function Signup() {
  const form = useForm({ fullName: '', email: '', password: '', passwordConfirmation: '' })
  const { errors } = form

  function submit(event: FormEvent) {
    event.preventDefault()
    form.post('/signup')
  }

  return (
    <>
      <Head title="Sign up" />
      <h1>Sign up</h1>
      <form onSubmit={submit}>
        <label>
          Full name
          <input
            name="fullName"
            value={form.data.fullName}
            onChange={(event) => form.setData('fullName', event.target.value)}
          />
        </label>
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
        {errors.password && <p role="alert">{errors.password}</p>}
        <label>
          Confirm password
          <input
            type="password"
            name="passwordConfirmation"
            value={form.data.passwordConfirmation}
            onChange={(event) => form.setData('passwordConfirmation', event.target.value)}
          />
        </label>
        <button type="submit" disabled={form.processing}>
          Sign up
        </button>
      </form>
    </>
  )
}
