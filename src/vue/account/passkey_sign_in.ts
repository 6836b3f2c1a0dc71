import { defineComponent, h, ref, type PropType } from 'vue'
import { router } from '@inertiajs/vue3'
import type { KitPasskeySignInContract } from '../../renderers/types.ts'
import { askPasskey } from '../../renderers/passkeys.ts'
import { useText } from '../text.ts'

/**
 * "Sign in with a passkey" under the sign-in form: the browser lets the
 * person pick one of their passkeys (no uid asked), then the answer is
 * posted; a refusal shows under the button.
 */
export const PasskeySignIn = defineComponent({
  name: 'PasskeySignIn',
  props: {
    passkey: { type: Object as PropType<KitPasskeySignInContract>, required: true },
    redirect: { type: String as PropType<string | null>, default: null },
    error: { type: String as PropType<string | null>, default: null },
  },
  setup(props) {
    const t = useText()
    const busy = ref(false)
    const local = ref<string | null>(null)
    const start = async () => {
      busy.value = true
      local.value = null
      const step = await askPasskey(props.passkey.optionsUrl, t)
      if ('errors' in step) {
        local.value = Object.values(step.errors)[0] ?? t('account.passkeyFailed')
        busy.value = false
        return
      }
      router.post(
        props.passkey.action,
        {
          response: step.answer as Record<string, unknown>,
          redirect: props.redirect ?? undefined,
        },
        { onFinish: () => (busy.value = false) }
      )
    }
    return () => {
      const message = local.value ?? props.error
      return h('div', { class: 'kit-passkey-sign-in' }, [
        h('p', { class: 'kit-passkey-sign-in-divider' }, t('account.passkeyOr')),
        message ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, message) : null,
        h(
          'button',
          { type: 'button', class: 'kit-button', onClick: start, disabled: busy.value },
          t('account.passkeySignIn')
        ),
      ])
    }
  },
})
