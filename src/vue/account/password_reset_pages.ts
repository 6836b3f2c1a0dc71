import { BrandMark, PanelFavicon } from '../brand.ts'
import { defineComponent, h, onBeforeUnmount, ref, useId, watch, type PropType } from 'vue'
import { Head, Link, router } from '@inertiajs/vue3'
import type {
  KitForgotPasswordContract,
  KitPageProps,
  KitResetPasswordContract,
} from '../../renderers/types.ts'
import { FORGOT_PASSWORD_FIELDS, RESET_PASSWORD_FIELDS } from '../../renderers/account.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { applyPanelTheme } from '../../renderers/theme.ts'
import { panelTitle } from '../../renderers/behaviour.ts'
import { useText } from '../text.ts'
import { AccountInput } from './account_field.ts'

type PanelProp = KitPageProps['kitPanel'] | null

/**
 * The frame of the pages around sign-in: the panel's brand and theme, a
 * title, an optional introduction.
 */
export const SignInFrame = defineComponent({
  name: 'SignInFrame',
  props: {
    title: { type: String, required: true },
    intro: { type: String, default: null },
    kitPanel: { type: Object as PropType<PanelProp>, default: null },
  },
  setup(props, { slots }) {
    const t = useText()
    watch(
      () => JSON.stringify(props.kitPanel?.theme ?? {}),
      (theme) => applyPanelTheme(JSON.parse(theme)),
      { immediate: true }
    )
    onBeforeUnmount(() => applyPanelTheme(null))
    return () =>
      h('div', { class: 'kit-page kit-sign-in-page' }, [
        h(Head, { title: props.title }),
        h(PanelFavicon, { kitPanel: props.kitPanel }),
        h('main', { class: 'kit-sign-in' }, [
          h('p', { class: 'kit-sign-in-brand' }, [
            h(BrandMark, {
              kitPanel: props.kitPanel,
              brand: props.kitPanel?.brand ?? panelTitle(props.kitPanel?.id, t),
            }),
          ]),
          h('h1', props.title),
          props.intro ? h('p', { class: 'kit-sign-in-intro' }, props.intro) : null,
          slots.default?.(),
        ]),
      ])
  },
})

export const link = (href: string, label: string) =>
  h(Link, { href, class: 'kit-sign-in-link' }, () => label)

/**
 * "Forgot your password?" (`kit/forgot_password`): an email, the same
 * answer for every email, the form-wide message of a throttled request.
 */
export const ForgotPasswordPage = defineComponent({
  name: 'ForgotPasswordPage',
  props: {
    account: { type: Object as PropType<KitForgotPasswordContract>, required: true },
    kitPanel: { type: Object as PropType<PanelProp>, default: null },
    errors: { type: Object as PropType<KitPageProps['errors'] | null>, default: null },
    flash: { type: Object as PropType<KitPageProps['flash'] | null>, default: null },
  },
  setup(props) {
    const t = useText()
    const id = useId()
    const email = ref('')
    const busy = ref(false)
    const submit = (event: Event) => {
      event.preventDefault()
      router.post(
        props.account.action,
        { email: email.value },
        { onStart: () => (busy.value = true), onFinish: () => (busy.value = false) }
      )
    }
    return () => {
      const fieldErrors = bagErrors(props.errors, null)
      return h(
        SignInFrame,
        {
          title: t('account.forgotTitle'),
          intro: t('account.forgotIntro'),
          kitPanel: props.kitPanel,
        },
        () => [
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
            ...FORGOT_PASSWORD_FIELDS.map((field) =>
              h(AccountInput, {
                key: field.name,
                field,
                id: `${id}-${field.name}`,
                value: email.value,
                error: fieldError(fieldErrors, field.name),
                onChange: (value: string) => (email.value = value),
              })
            ),
            h('p', { class: 'kit-sign-in-links' }, [
              link(props.account.signInUrl, t('account.backToSignIn')),
            ]),
            h('div', { class: 'kit-form-actions' }, [
              h(
                'button',
                { type: 'submit', class: 'kit-button kit-button-primary', disabled: busy.value },
                t('account.sendLink')
              ),
            ]),
          ]),
        ]
      )
    }
  },
})

/**
 * The reset form of a mailed link (`kit/reset_password`): a new password
 * and its confirmation; a refused link says so and offers a new one.
 */
export const ResetPasswordPage = defineComponent({
  name: 'ResetPasswordPage',
  props: {
    account: { type: Object as PropType<KitResetPasswordContract>, required: true },
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
      router.post(
        props.account.action,
        { ...values.value, token: props.account.token },
        {
          onStart: () => (busy.value = true),
          onFinish: () => {
            busy.value = false
            values.value = {}
          },
        }
      )
    }
    return () => {
      const fieldErrors = bagErrors(props.errors, null)
      const refused =
        props.account.token === null
          ? t('account.resetLinkInvalid')
          : fieldError(fieldErrors, 'token')
      return h(SignInFrame, { title: t('account.resetTitle'), kitPanel: props.kitPanel }, () => [
        refused ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, refused) : null,
        props.account.token === null
          ? h('p', { class: 'kit-sign-in-links' }, [
              link(props.account.forgotPasswordUrl, t('account.requestNewLink')),
              link(props.account.signInUrl, t('account.backToSignIn')),
            ])
          : h('form', { class: 'kit-form', onSubmit: submit, novalidate: true }, [
              ...RESET_PASSWORD_FIELDS.map((field) =>
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
              h('div', { class: 'kit-form-actions' }, [
                h(
                  'button',
                  { type: 'submit', class: 'kit-button kit-button-primary', disabled: busy.value },
                  t('account.resetSubmit')
                ),
              ]),
            ]),
      ])
    }
  },
})
