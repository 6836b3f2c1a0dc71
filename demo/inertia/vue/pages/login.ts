import { defineComponent, h, ref, type PropType } from 'vue'
import { Head, router } from '@inertiajs/vue3'

/**
 * Sign-in form of the demo.
 */
export default defineComponent({
  name: 'DemoLogin',
  props: {
    errors: { type: Object as PropType<Record<string, string | string[]>>, default: () => ({}) },
  },
  setup(props) {
    const email = ref('')
    const password = ref('')
    const submit = (event: Event) => {
      event.preventDefault()
      router.post('/login', { email: email.value, password: password.value })
    }
    return () => {
      const raw = props.errors?.email
      const error = raw ? String(Array.isArray(raw) ? raw[0] : raw) : null
      return h('main', { class: 'demo-login' }, [
        h(Head, { title: 'Sign in' }),
        h('h1', 'Sign in'),
        h('form', { class: 'kit-form', onSubmit: submit, novalidate: true }, [
          h('div', { class: 'kit-field' }, [
            h('label', { for: 'email' }, 'Email'),
            h('input', {
              'id': 'email',
              'type': 'email',
              'autocomplete': 'username',
              'value': email.value,
              'aria-invalid': error ? 'true' : undefined,
              'aria-describedby': error ? 'email-error' : undefined,
              'onInput': (event: Event) => (email.value = (event.target as HTMLInputElement).value),
            }),
            error ? h('p', { id: 'email-error', class: 'kit-field-error' }, error) : null,
          ]),
          h('div', { class: 'kit-field' }, [
            h('label', { for: 'password' }, 'Password'),
            h('input', {
              id: 'password',
              type: 'password',
              autocomplete: 'current-password',
              value: password.value,
              onInput: (event: Event) =>
                (password.value = (event.target as HTMLInputElement).value),
            }),
          ]),
          h('div', { class: 'kit-form-actions' }, [
            h('button', { type: 'submit', class: 'kit-button kit-button-primary' }, 'Sign in'),
          ]),
        ]),
      ])
    }
  },
})
