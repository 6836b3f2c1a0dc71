import { BrandMark, PanelFavicon } from '../brand.ts'
import { defineComponent, h, onBeforeUnmount, ref, useId, watch, type PropType } from 'vue'
import { Head, Link, router } from '@inertiajs/vue3'
import type { KitPageProps, KitSignInContract } from '../../renderers/types.ts'
import { SIGN_IN_FIELDS } from '../../renderers/account.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { applyPanelTheme } from '../../renderers/theme.ts'
import { panelTitle } from '../../renderers/behaviour.ts'
import { useText } from '../text.ts'
import { AccountInput } from './account_field.ts'
import { PasskeySignIn } from './passkey_sign_in.ts'

/**
 * The panel's sign-in page (`kit/login`): uid, password, "remember me",
 * the form-wide message of a throttled attempt, the field's message of
 * refused credentials.
 */
export const SignInPage = defineComponent({
  name: 'SignInPage',
  props: {
    account: { type: Object as PropType<KitSignInContract>, required: true },
    kitPanel: { type: Object as PropType<KitPageProps['kitPanel'] | null>, default: null },
    errors: { type: Object as PropType<KitPageProps['errors'] | null>, default: null },
    flash: { type: Object as PropType<KitPageProps['flash'] | null>, default: null },
  },
  setup(props) {
    const t = useText()
    const id = useId()
    const values = ref<Record<string, string>>({ uid: props.account.uid, password: '' })
    const remember = ref(false)
    const busy = ref(false)
    watch(
      () => JSON.stringify(props.kitPanel?.theme ?? {}),
      (theme) => applyPanelTheme(JSON.parse(theme)),
      { immediate: true }
    )
    onBeforeUnmount(() => applyPanelTheme(null))

    const submit = (event: Event) => {
      event.preventDefault()
      router.post(
        props.account.action,
        {
          ...values.value,
          remember: remember.value,
          redirect: props.account.redirect ?? undefined,
        },
        {
          onStart: () => (busy.value = true),
          onFinish: () => {
            busy.value = false
            values.value = { ...values.value, password: '' }
          },
        }
      )
    }
    return () => {
      const fieldErrors = bagErrors(props.errors, null)
      const brand = props.kitPanel?.brand ?? panelTitle(props.kitPanel?.id, t)
      return h('div', { class: 'kit-page kit-sign-in-page' }, [
        h(Head, { title: t('account.signIn') }),
        h(PanelFavicon, { kitPanel: props.kitPanel }),
        h('main', { class: 'kit-sign-in' }, [
          h('p', { class: 'kit-sign-in-brand' }, [
            h(BrandMark, { kitPanel: props.kitPanel, brand }),
          ]),
          h('h1', t('account.signIn')),
          props.account.error
            ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, props.account.error)
            : props.flash?.success
              ? h(
                  'p',
                  { role: 'status', class: 'kit-alert kit-color-success' },
                  props.flash.success
                )
              : null,
          h('form', { class: 'kit-form', onSubmit: submit, novalidate: true }, [
            ...SIGN_IN_FIELDS.map((field) =>
              h(AccountInput, {
                key: field.name,
                field,
                id: `${id}-${field.name}`,
                value: values.value[field.name] ?? '',
                error: fieldError(fieldErrors, field.name),
                onChange: (value: string) => {
                  values.value = { ...values.value, [field.name]: value }
                },
              })
            ),
            props.account.rememberMe
              ? h('label', { class: 'kit-sign-in-remember' }, [
                  h('input', {
                    type: 'checkbox',
                    name: 'remember',
                    checked: remember.value,
                    onChange: (event: Event) =>
                      (remember.value = (event.target as HTMLInputElement).checked),
                  }),
                  t('account.remember'),
                ])
              : null,
            props.account.forgotPasswordUrl
              ? h('p', { class: 'kit-sign-in-links' }, [
                  h(
                    Link,
                    { href: props.account.forgotPasswordUrl, class: 'kit-sign-in-link' },
                    () => t('account.forgotPassword')
                  ),
                ])
              : null,
            h('div', { class: 'kit-form-actions' }, [
              h(
                'button',
                {
                  type: 'submit',
                  class: 'kit-button kit-button-primary',
                  disabled: busy.value,
                },
                t('account.signIn')
              ),
            ]),
            props.account.signUpUrl
              ? h('p', { class: 'kit-sign-in-links' }, [
                  h(Link, { href: props.account.signUpUrl, class: 'kit-sign-in-link' }, () =>
                    t('account.noAccount')
                  ),
                ])
              : null,
          ]),
          props.account.passkey
            ? h(PasskeySignIn, {
                passkey: props.account.passkey,
                redirect: props.account.redirect,
                error: fieldError(fieldErrors, 'passkey'),
              })
            : null,
        ]),
      ])
    }
  },
})
