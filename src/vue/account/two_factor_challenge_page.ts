import { defineComponent, h, ref, useId, type PropType } from 'vue'
import { Link, router } from '@inertiajs/vue3'
import type { KitPageProps, KitTwoFactorChallengeContract } from '../../renderers/types.ts'
import { CHALLENGE_FACTORS } from '../../renderers/account.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { useText } from '../text.ts'
import { AccountInput } from './account_field.ts'
import { SignInFrame } from './password_reset_pages.ts'

/**
 * The second step of a sign-in (`kit/two_factor_challenge`): a code of the
 * authenticator app, or a recovery code; each factor the user has is
 * offered (`CHALLENGE_FACTORS`).
 */
export const TwoFactorChallengePage = defineComponent({
  name: 'TwoFactorChallengePage',
  props: {
    account: { type: Object as PropType<KitTwoFactorChallengeContract>, required: true },
    kitPanel: { type: Object as PropType<KitPageProps['kitPanel'] | null>, default: null },
    errors: { type: Object as PropType<KitPageProps['errors'] | null>, default: null },
  },
  setup(props) {
    const t = useText()
    const id = useId()
    const factors = () => props.account.factors.filter((name) => CHALLENGE_FACTORS[name])
    const factor = ref(factors()[0] ?? 'totp')
    const code = ref('')
    const busy = ref(false)
    const submit = (event: Event) => {
      event.preventDefault()
      router.post(
        props.account.action,
        { factor: factor.value, code: code.value },
        {
          onStart: () => (busy.value = true),
          onFinish: () => {
            busy.value = false
            code.value = ''
          },
        }
      )
    }
    return () => {
      const fieldErrors = bagErrors(props.errors, null)
      const current = CHALLENGE_FACTORS[factor.value] ?? CHALLENGE_FACTORS.totp
      return h(
        SignInFrame,
        { title: t('account.twoFactor.title'), intro: t(current.intro), kitPanel: props.kitPanel },
        () => [
          props.account.error
            ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, props.account.error)
            : null,
          h('form', { class: 'kit-form', onSubmit: submit, novalidate: true }, [
            h(AccountInput, {
              key: factor.value,
              field: current.field,
              id: `${id}-${factor.value}`,
              value: code.value,
              error: fieldError(fieldErrors, 'code'),
              onChange: (value: string) => (code.value = value),
            }),
            h('div', { class: 'kit-form-actions' }, [
              h(
                'button',
                { type: 'submit', class: 'kit-button kit-button-primary', disabled: busy.value },
                t('account.twoFactor.verify')
              ),
            ]),
            h('p', { class: 'kit-sign-in-links' }, [
              ...factors()
                .filter((name) => name !== factor.value)
                .map((name) =>
                  h(
                    'button',
                    {
                      key: name,
                      type: 'button',
                      class: 'kit-button kit-button-link',
                      onClick: () => {
                        factor.value = name
                        code.value = ''
                      },
                    },
                    t(CHALLENGE_FACTORS[name].switchLabel)
                  )
                ),
              h(Link, { href: props.account.signInUrl, class: 'kit-sign-in-link' }, () =>
                t('account.backToSignIn')
              ),
            ]),
          ]),
        ]
      )
    }
  },
})
