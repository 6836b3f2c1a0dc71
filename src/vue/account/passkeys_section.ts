import { defineComponent, h, ref, useId, type PropType } from 'vue'
import { router } from '@inertiajs/vue3'
import type {
  KitPageProps,
  KitPasskeyContract,
  KitPasskeysContract,
} from '../../renderers/types.ts'
import {
  createPasskey,
  PASSKEY_NAME_FIELD,
  PASSKEY_PASSWORD_FIELD,
} from '../../renderers/passkeys.ts'
import { bagErrors, fieldError } from '../../renderers/shared.ts'
import { useConfirmation } from '../dialog.ts'
import { useText } from '../text.ts'
import { AccountInput } from './account_field.ts'

/**
 * The passkeys of the profile page: the user's passkeys (name, added, last
 * used) with rename and remove, and the form adding one (its name and the
 * current password, then the browser's prompt).
 */
export const PasskeysSection = defineComponent({
  name: 'PasskeysSection',
  props: {
    passkeys: { type: Object as PropType<KitPasskeysContract>, required: true },
    errors: { type: Object as PropType<KitPageProps['errors'] | null>, default: null },
  },
  setup(props) {
    const t = useText()
    const id = useId()
    const confirmation = useConfirmation()
    const values = ref({ passkeyName: '', currentPassword: '' })
    const local = ref<Record<string, string>>({})
    const busy = ref(false)
    /* the add form opens on demand (the profile's own form asks for the current password too) */
    const adding = ref(false)
    const editing = ref<string | null>(null)
    const draft = ref('')
    /* the form the page's errors belong to: the add form, or a passkey's rename */
    const target = ref('add')
    const errorsOf = (form: string) => (target.value === form ? bagErrors(props.errors, null) : {})

    const add = async (event: Event) => {
      event.preventDefault()
      busy.value = true
      local.value = {}
      target.value = 'add'
      const step = await createPasskey(props.passkeys.optionsUrl, values.value, t)
      values.value = { ...values.value, currentPassword: '' }
      if ('errors' in step) {
        local.value = step.errors
        busy.value = false
        return
      }
      router.post(
        props.passkeys.action,
        {
          passkeyName: values.value.passkeyName,
          response: step.answer as Record<string, unknown>,
        },
        {
          preserveScroll: true,
          onSuccess: () => {
            values.value = { passkeyName: '', currentPassword: '' }
            adding.value = false
          },
          onFinish: () => (busy.value = false),
        }
      )
    }
    const rename = (item: KitPasskeyContract) => (event: Event) => {
      event.preventDefault()
      target.value = item.id
      router.put(
        item.url,
        { passkeyName: draft.value },
        { preserveScroll: true, onSuccess: () => (editing.value = null) }
      )
    }
    const remove = (item: KitPasskeyContract) =>
      confirmation.ask({
        message: t('account.passkeyRemoveConfirm', { name: item.name }),
        label: t('account.passkeyRemoveAction'),
        color: 'danger',
        run: () => router.delete(item.url, { preserveScroll: true }),
      })

    const renameForm = (item: KitPasskeyContract) =>
      h('form', { class: 'kit-passkey-rename', onSubmit: rename(item), novalidate: true }, [
        h(AccountInput, {
          field: { ...PASSKEY_NAME_FIELD, hint: undefined },
          id: `${id}-rename-${item.id}`,
          value: draft.value,
          error: fieldError(errorsOf(item.id), 'passkeyName'),
          onChange: (value: string) => (draft.value = value),
        }),
        h('div', { class: 'kit-passkey-actions' }, [
          h(
            'button',
            { type: 'submit', class: 'kit-button kit-button-primary' },
            t('account.save')
          ),
          h(
            'button',
            { type: 'button', class: 'kit-button', onClick: () => (editing.value = null) },
            t('account.passkeyCancel')
          ),
        ]),
      ])
    const entry = (item: KitPasskeyContract) => [
      h('div', { class: 'kit-passkey-details' }, [
        h('span', { class: 'kit-passkey-name' }, item.name),
        h('span', t('account.passkeyCreated', { date: item.createdAt })),
        h(
          'span',
          item.lastUsedAt
            ? t('account.passkeyLastUsed', { date: item.lastUsedAt })
            : t('account.passkeyNeverUsed')
        ),
      ]),
      h('div', { class: 'kit-passkey-actions' }, [
        h(
          'button',
          {
            'type': 'button',
            'class': 'kit-button',
            'aria-label': t('account.passkeyRename', { name: item.name }),
            'onClick': () => {
              editing.value = item.id
              draft.value = item.name
            },
          },
          t('account.passkeyRenameAction')
        ),
        h(
          'button',
          {
            'type': 'button',
            'class': 'kit-button kit-color-danger',
            'aria-label': t('account.passkeyRemove', { name: item.name }),
            'onClick': () => remove(item),
          },
          t('account.passkeyRemoveAction')
        ),
      ]),
    ]

    return () => {
      const items = props.passkeys.items
      const addErrors = { ...errorsOf('add'), ...local.value }
      const refusal = fieldError(addErrors, 'passkey')
      return h('section', { 'class': 'kit-passkeys', 'aria-labelledby': `${id}-title` }, [
        h('h2', { id: `${id}-title` }, t('account.passkeys')),
        h('p', { class: 'kit-passkeys-intro' }, t('account.passkeysIntro')),
        items.length
          ? h(
              'ul',
              {
                'class': 'kit-passkey-list',
                'aria-label': t('account.passkeyCount', { count: items.length }),
              },
              items.map((item) =>
                h(
                  'li',
                  { key: item.id, class: 'kit-passkey' },
                  editing.value === item.id ? [renameForm(item)] : entry(item)
                )
              )
            )
          : h('p', { class: 'kit-passkeys-intro' }, t('account.passkeyCount', { count: 0 })),
        adding.value
          ? h(
              'form',
              {
                class: 'kit-form kit-profile-form kit-passkey-add',
                onSubmit: add,
                novalidate: true,
              },
              [
                ...[PASSKEY_NAME_FIELD, PASSKEY_PASSWORD_FIELD].map((field) =>
                  h(AccountInput, {
                    key: field.name,
                    field,
                    id: `${id}-${field.name}`,
                    value: values.value[field.name as keyof typeof values.value],
                    error: fieldError(addErrors, field.name),
                    onChange: (value: string) => {
                      values.value = { ...values.value, [field.name]: value }
                    },
                  })
                ),
                refusal
                  ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, refusal)
                  : null,
                h('div', { class: 'kit-form-actions' }, [
                  h(
                    'button',
                    {
                      type: 'submit',
                      class: 'kit-button kit-button-primary',
                      disabled: busy.value,
                    },
                    t('account.passkeyCreate')
                  ),
                  h(
                    'button',
                    { type: 'button', class: 'kit-button', onClick: () => (adding.value = false) },
                    t('account.passkeyCancel')
                  ),
                ]),
              ]
            )
          : h('div', { class: 'kit-passkey-actions' }, [
              h(
                'button',
                { type: 'button', class: 'kit-button', onClick: () => (adding.value = true) },
                t('account.passkeyAdd')
              ),
            ]),
        confirmation.render(),
      ])
    }
  },
})
