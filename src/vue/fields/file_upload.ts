import { computed, defineComponent, h, onBeforeUnmount, ref, watch, type PropType } from 'vue'
import type { FileUploadContract, FormValue } from '../../renderers/types.ts'
import { keptPaths, uploadHint } from '../../renderers/uploads.ts'
import { useText } from '../text.ts'

/**
 * A file upload: the stored files (image previews, remove buttons), a file
 * input, and previews of the files chosen. Emits `change` with the kept
 * paths and `files` with the chosen files (sent with the form, multipart).
 */
export const FileUploadField = defineComponent({
  name: 'KitFileUploadField',
  props: {
    id: { type: String, required: true },
    field: { type: Object as PropType<FileUploadContract>, required: true },
    value: { type: [String, Number, Boolean, Array, null] as PropType<FormValue>, default: null },
    describedBy: { type: String, default: undefined },
    invalid: { type: Boolean, default: false },
  },
  emits: ['change', 'files'],
  setup(props, { emit }) {
    const t = useText()
    const chosen = ref<File[]>([])
    const previews = computed(() =>
      chosen.value.map((file) => ({
        name: file.name,
        url: props.field.image && file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
      }))
    )
    const revoke = (list: { url: string | null }[]) =>
      list.forEach((preview) => preview.url && URL.revokeObjectURL(preview.url))
    watch(previews, (_next, previous) => revoke(previous ?? []))
    onBeforeUnmount(() => revoke(previews.value))

    return () => {
      const field = props.field
      const kept = keptPaths(field, props.value)
      const stored = field.files.filter((file) => kept.includes(file.path))
      const hintId = `${props.id}-hint`
      const showStored = stored.length > 0 && !(chosen.value.length && !field.multiple)
      return h('div', { class: 'kit-upload' }, [
        showStored
          ? h(
              'ul',
              { class: 'kit-upload-files' },
              stored.map((file) =>
                h('li', { key: file.path, class: 'kit-upload-file' }, [
                  field.image && file.url
                    ? h('img', { src: file.url, alt: '', class: 'kit-upload-preview' })
                    : null,
                  file.url
                    ? h(
                        'a',
                        { href: file.url, target: '_blank', rel: 'noreferrer', class: 'kit-link' },
                        file.name
                      )
                    : h('span', file.name),
                  h(
                    'button',
                    {
                      'type': 'button',
                      'class': 'kit-button kit-upload-remove',
                      'aria-label': t('upload.remove', { name: file.name }),
                      'onClick': () => {
                        const next = kept.filter((path) => path !== file.path)
                        emit('change', field.multiple ? next : null)
                      },
                    },
                    '×'
                  ),
                ])
              )
            )
          : null,
        h('input', {
          'id': props.id,
          'name': field.name,
          'type': 'file',
          'class': 'kit-upload-input',
          'multiple': field.multiple,
          'accept': field.acceptedTypes.join(',') || undefined,
          'aria-invalid': props.invalid ? 'true' : undefined,
          'aria-describedby': [hintId, props.describedBy].filter(Boolean).join(' '),
          'onChange': (event: Event) => {
            const files = Array.from((event.target as HTMLInputElement).files ?? [])
            chosen.value = files
            emit('files', files)
          },
        }),
        previews.value.length
          ? h(
              'ul',
              { class: 'kit-upload-files' },
              previews.value.map((preview) =>
                h('li', { key: preview.name, class: 'kit-upload-file' }, [
                  preview.url
                    ? h('img', { src: preview.url, alt: '', class: 'kit-upload-preview' })
                    : null,
                  h('span', t('upload.selected', { name: preview.name })),
                ])
              )
            )
          : null,
        h('p', { id: hintId, class: 'kit-description' }, uploadHint(field, t)),
      ])
    }
  },
})
