import { defineComponent, h, ref, useId, watch, type PropType, type VNodeChild } from 'vue'
import { router } from '@inertiajs/vue3'
import type { KitPageProps, KitTwoFactorContract } from '../../renderers/types.ts'
import {
  RECOVERY_CODES_FILE,
  recoveryCodesHref,
  TWO_FACTOR_CODE_FIELD,
  TWO_FACTOR_ERROR_BAG,
  TWO_FACTOR_PASSWORD_FIELD,
} from '../../renderers/account.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { useText } from '../text.ts'
import { AccountInput } from './account_field.ts'

/**
 * The profile page's two-factor section: set up (the current password,
 * then the QR code and the key, then a first code), the recovery codes
 * shown once (copy, download), new recovery codes and turning it off
 * (the current password each time).
 */
export const TwoFactorSection = defineComponent({
  name: 'TwoFactorSection',
  props: {
    twoFactor: { type: Object as PropType<KitTwoFactorContract>, required: true },
    errors: { type: Object as PropType<KitPageProps['errors'] | null>, default: null },
  },
  setup(props) {
    const t = useText()
    const id = useId()
    const open = ref(false)
    const password = ref('')
    const code = ref('')
    const busy = ref(false)
    const copied = ref(false)
    /* a form closes once the server's state changes (a refused form stays open) */
    watch(
      () =>
        `${props.twoFactor.enabled}|${!!props.twoFactor.enrolment}|${props.twoFactor.recoveryCodes?.join()}`,
      () => (open.value = false)
    )
    const send = (method: 'post' | 'delete', url: string, data: Record<string, string>) => {
      router.visit(url, {
        method,
        data,
        errorBag: TWO_FACTOR_ERROR_BAG,
        preserveScroll: true,
        preserveState: true,
        onStart: () => (busy.value = true),
        onFinish: () => {
          busy.value = false
          password.value = ''
          code.value = ''
        },
      })
    }
    const submit = (method: 'post' | 'delete', url: string) => (event?: Event) => {
      event?.preventDefault()
      send(method, url, { currentPassword: password.value })
    }
    const button = (label: string, onClick: () => void, className = 'kit-button') =>
      h('button', { type: 'button', class: className, disabled: busy.value, onClick }, label)
    const actions = (children: VNodeChild[]) => h('div', { class: 'kit-form-actions' }, children)

    return () => {
      const twoFactor = props.twoFactor
      const fieldErrors = bagErrors(props.errors, TWO_FACTOR_ERROR_BAG)
      const passwordInput = h(AccountInput, {
        field: TWO_FACTOR_PASSWORD_FIELD,
        id: `${id}-password`,
        value: password.value,
        error: fieldError(fieldErrors, 'currentPassword'),
        onChange: (value: string) => (password.value = value),
      })
      const cancel = button(
        t('account.twoFactor.cancel'),
        () => (open.value = false),
        'kit-button-link kit-button'
      )
      const codes = twoFactor.recoveryCodes
      let body: VNodeChild[]
      if (twoFactor.enabled) {
        body = [
          h('p', t('account.twoFactor.on')),
          h('p', t('account.twoFactor.codesLeft', { count: twoFactor.recoveryCodesLeft })),
          open.value
            ? h(
                'form',
                { class: 'kit-form', onSubmit: submit('post', twoFactor.recoveryCodesAction) },
                [
                  passwordInput,
                  actions([
                    h(
                      'button',
                      {
                        type: 'submit',
                        class: 'kit-button kit-button-primary',
                        disabled: busy.value,
                      },
                      t('account.twoFactor.regenerate')
                    ),
                    button(
                      t('account.twoFactor.disable'),
                      () => submit('delete', twoFactor.action)(),
                      'kit-button kit-color-danger'
                    ),
                    cancel,
                  ]),
                ]
              )
            : actions([button(t('account.twoFactor.manage'), () => (open.value = true))]),
        ]
      } else if (twoFactor.enrolment) {
        body = [
          h('p', t('account.twoFactor.scan')),
          h('img', {
            class: 'kit-two-factor-qr',
            src: twoFactor.enrolment.qrCode,
            alt: t('account.twoFactor.qrCode'),
            width: 176,
            height: 176,
          }),
          h('p', [
            `${t('account.twoFactor.secret')} `,
            h('code', { class: 'kit-two-factor-secret' }, twoFactor.enrolment.secret),
          ]),
          h(
            'form',
            {
              class: 'kit-form',
              novalidate: true,
              onSubmit: (event: Event) => {
                event.preventDefault()
                send('post', twoFactor.confirmAction, { code: code.value })
              },
            },
            [
              h(AccountInput, {
                field: TWO_FACTOR_CODE_FIELD,
                id: `${id}-code`,
                value: code.value,
                error: fieldError(fieldErrors, 'code'),
                onChange: (value: string) => (code.value = value),
              }),
              actions([
                h(
                  'button',
                  { type: 'submit', class: 'kit-button kit-button-primary', disabled: busy.value },
                  t('account.twoFactor.confirm')
                ),
              ]),
            ]
          ),
        ]
      } else {
        body = [
          h('p', t('account.twoFactor.off')),
          open.value
            ? h(
                'form',
                { class: 'kit-form', novalidate: true, onSubmit: submit('post', twoFactor.action) },
                [
                  passwordInput,
                  actions([
                    h(
                      'button',
                      {
                        type: 'submit',
                        class: 'kit-button kit-button-primary',
                        disabled: busy.value,
                      },
                      t('account.twoFactor.continue')
                    ),
                    cancel,
                  ]),
                ]
              )
            : actions([
                button(
                  t('account.twoFactor.setUp'),
                  () => (open.value = true),
                  'kit-button kit-button-primary'
                ),
              ]),
        ]
      }
      return h('section', { 'class': 'kit-two-factor', 'aria-labelledby': `${id}-title` }, [
        h('h2', { id: `${id}-title` }, t('account.twoFactor.title')),
        twoFactor.required && !twoFactor.enabled
          ? h(
              'p',
              { role: 'alert', class: 'kit-alert kit-color-danger' },
              t('account.twoFactor.requiredNotice')
            )
          : null,
        codes
          ? h('div', { class: 'kit-recovery-codes' }, [
              h('h3', t('account.twoFactor.codesTitle')),
              h('p', t('account.twoFactor.codesIntro')),
              h(
                'ul',
                { 'aria-label': t('account.twoFactor.codesTitle') },
                codes.map((entry) => h('li', { key: entry }, [h('code', entry)]))
              ),
              actions([
                button(t('account.twoFactor.copy'), () => {
                  void navigator.clipboard
                    ?.writeText(codes.join('\n'))
                    .then(() => (copied.value = true))
                }),
                h(
                  'a',
                  {
                    class: 'kit-button',
                    href: recoveryCodesHref(codes),
                    download: RECOVERY_CODES_FILE,
                  },
                  t('account.twoFactor.download')
                ),
                h('span', { role: 'status' }, copied.value ? t('account.twoFactor.copied') : ''),
              ]),
            ])
          : null,
        ...body,
      ])
    }
  },
})
