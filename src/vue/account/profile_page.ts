import { defineComponent, h, ref, useId, type PropType } from 'vue'
import { Head, router } from '@inertiajs/vue3'
import type { KitPageProps, KitProfileContract, NavigationItem } from '../../renderers/types.ts'
import { PASSWORD_FIELDS, PROFILE_FIELDS } from '../../renderers/account.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { PanelShell } from '../panel_shell.ts'
import { useFlashToast } from '../toasts.ts'
import { useText } from '../text.ts'
import { AccountInput } from './account_field.ts'
import { TwoFactorSection } from './two_factor_section.ts'
import { PasskeysSection } from './passkeys_section.ts'

/**
 * The profile page (`kit/profile`): name, email and password of the
 * signed-in user, in the panel's shell.
 */
export const ProfilePage = defineComponent({
  name: 'ProfilePage',
  props: {
    account: { type: Object as PropType<KitProfileContract>, required: true },
    navigation: { type: Array as PropType<NavigationItem[] | null>, default: null },
    kitPanel: { type: Object as PropType<KitPageProps['kitPanel'] | null>, default: null },
    errors: { type: Object as PropType<KitPageProps['errors'] | null>, default: null },
    flash: { type: Object as PropType<KitPageProps['flash'] | null>, default: null },
  },
  setup(props) {
    const t = useText()
    const id = useId()
    useFlashToast(() => props.flash)
    const values = ref<Record<string, string>>({
      ...props.account.values,
      currentPassword: '',
      password: '',
      passwordConfirmation: '',
    })
    const busy = ref(false)
    const submit = (event: Event) => {
      event.preventDefault()
      router.put(props.account.action, values.value, {
        preserveScroll: true,
        preserveState: true,
        onStart: () => (busy.value = true),
        onFinish: () => {
          busy.value = false
          values.value = {
            ...values.value,
            ...Object.fromEntries(PASSWORD_FIELDS.map((name) => [name, ''])),
          }
        },
      })
    }
    return () => {
      const fieldErrors = bagErrors(props.errors, null)
      return h(PanelShell, { navigation: props.navigation, kitPanel: props.kitPanel }, () => [
        h(Head, { title: t('account.profileTitle') }),
        h('main', { class: 'kit-main' }, [
          h('header', { class: 'kit-header' }, [h('h1', t('account.profileTitle'))]),
          h('form', { class: 'kit-form kit-profile-form', onSubmit: submit, novalidate: true }, [
            ...PROFILE_FIELDS.map((field) =>
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
                t('account.save')
              ),
            ]),
          ]),
          props.account.twoFactor
            ? h(TwoFactorSection, { twoFactor: props.account.twoFactor, errors: props.errors })
            : null,
          props.account.passkeys
            ? h(PasskeysSection, { passkeys: props.account.passkeys, errors: props.errors })
            : null,
        ]),
      ])
    }
  },
})
