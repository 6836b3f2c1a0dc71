import { defineComponent, h, ref, useId, type PropType } from 'vue'
import { router } from '@inertiajs/vue3'
import type {
  KitPageProps,
  KitSignUpContract,
  KitVerifyEmailContract,
} from '../../renderers/types.ts'
import { SIGN_UP_FIELDS } from '../../renderers/account.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { useText } from '../text.ts'
import { AccountInput } from './account_field.ts'
import { link, SignInFrame } from './password_reset_pages.ts'

type PanelProp = KitPageProps['kitPanel'] | null

/**
 * "Verify your email" (`kit/verify_email`): where the link went, a button
 * that sends it again, sign-out; the message of a refused link or of too
 * many resends.
 */
export const VerifyEmailPage = defineComponent({
  name: 'VerifyEmailPage',
  props: {
    account: { type: Object as PropType<KitVerifyEmailContract>, required: true },
    kitPanel: { type: Object as PropType<PanelProp>, default: null },
    flash: { type: Object as PropType<KitPageProps['flash'] | null>, default: null },
  },
  setup(props) {
    const t = useText()
    const busy = ref(false)
    const post = (url: string) => (event: Event) => {
      event.preventDefault()
      router.post(
        url,
        {},
        { onStart: () => (busy.value = true), onFinish: () => (busy.value = false) }
      )
    }
    const button = (label: string, primary: boolean) =>
      h('div', { class: 'kit-form-actions' }, [
        h(
          'button',
          {
            type: 'submit',
            class: primary ? 'kit-button kit-button-primary' : 'kit-button',
            disabled: busy.value,
          },
          label
        ),
      ])
    return () => {
      const account = props.account
      return h(
        SignInFrame,
        {
          title: t('account.verifyTitle'),
          intro: t('account.verifyIntro', { email: account.email }),
          kitPanel: props.kitPanel,
        },
        () => [
          account.error
            ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, account.error)
            : props.flash?.success
              ? h(
                  'p',
                  { role: 'status', class: 'kit-alert kit-color-success' },
                  props.flash.success
                )
              : null,
          h('form', { class: 'kit-form', onSubmit: post(account.resendUrl) }, [
            account.profileUrl
              ? h('p', { class: 'kit-sign-in-links' }, [
                  link(account.profileUrl, t('account.wrongEmail')),
                ])
              : null,
            button(t('account.verifyResend'), true),
          ]),
          h('form', { class: 'kit-form', onSubmit: post(account.signOutUrl) }, [
            button(t('account.signOut'), false),
          ]),
        ]
      )
    }
  },
})

/**
 * The registration page (`kit/sign_up`): name, email, password and its
 * confirmation, errors by field, the form-wide message of a throttled
 * attempt.
 */
export const SignUpPage = defineComponent({
  name: 'SignUpPage',
  props: {
    account: { type: Object as PropType<KitSignUpContract>, required: true },
    kitPanel: { type: Object as PropType<PanelProp>, default: null },
    errors: { type: Object as PropType<KitPageProps['errors'] | null>, default: null },
  },
  setup(props) {
    const t = useText()
    const id = useId()
    const values = ref<Record<string, string>>({})
    const busy = ref(false)
    const submit = (event: Event) => {
      event.preventDefault()
      router.post(props.account.action, values.value, {
        onStart: () => (busy.value = true),
        onFinish: () => {
          busy.value = false
          values.value = { name: values.value.name ?? '', email: values.value.email ?? '' }
        },
      })
    }
    return () => {
      const fieldErrors = bagErrors(props.errors, null)
      return h(SignInFrame, { title: t('account.signUpTitle'), kitPanel: props.kitPanel }, () => [
        props.account.error
          ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, props.account.error)
          : null,
        h('form', { class: 'kit-form', onSubmit: submit, novalidate: true }, [
          ...SIGN_UP_FIELDS.map((field) =>
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
          h('p', { class: 'kit-sign-in-links' }, [
            link(props.account.signInUrl, t('account.haveAccount')),
          ]),
          h('div', { class: 'kit-form-actions' }, [
            h(
              'button',
              { type: 'submit', class: 'kit-button kit-button-primary', disabled: busy.value },
              t('account.signUpSubmit')
            ),
          ]),
        ]),
      ])
    }
  },
})
