import { defineComponent, h, ref, type PropType } from 'vue'
import { FileUpload } from '@ark-ui/vue/file-upload'
import type { FileUploadContract, FormValue } from '../../renderers/types.ts'
import { acceptOf, keptPaths, rejectionMessage, uploadHint } from '../../renderers/uploads.ts'
import { KitIcon } from '../icons.ts'
import { useLocale, useText } from '../text.ts'
import { part } from './field_props.ts'

type Rejection = { file: File; errors: readonly string[] }

/**
 * A file upload (Ark UI FileUpload): the stored files (image previews,
 * remove buttons), a drop zone with a "Choose" button, and the files chosen
 * with their previews, names, sizes and remove buttons. Files the field
 * refuses (type, count) are named under the drop zone. Emits `change` with
 * the kept paths and `files` with the chosen files (sent with the form,
 * multipart).
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
    const locale = useLocale()
    const chosen = ref<File[]>([])
    const rejected = ref<Rejection[]>([])

    return () => {
      const field = props.field
      const kept = keptPaths(field, props.value)
      const stored = field.files.filter((file) => kept.includes(file.path))
      const hintId = `${props.id}-hint`
      const rejectedId = `${props.id}-rejected`
      const described = [hintId, rejected.value.length ? rejectedId : null, props.describedBy]
        .filter(Boolean)
        .join(' ')
      const showStored = stored.length > 0 && !(chosen.value.length && !field.multiple)
      const remove = (path: string) => {
        const next = kept.filter((candidate) => candidate !== path)
        emit('change', field.multiple ? next : null)
      }
      const removeButton = (name: string, component: unknown, extra: Record<string, unknown>) =>
        h(
          part(component),
          {
            'type': 'button',
            'class': 'kit-icon-button kit-upload-remove',
            'aria-label': t('upload.remove', { name }),
            ...extra,
          },
          () => [h(KitIcon, { name: 'x-mark' })]
        )

      return h(
        part(FileUpload.Root),
        {
          class: 'kit-upload',
          ids: { hiddenInput: props.id },
          name: field.name,
          maxFiles: field.multiple ? 100 : 1,
          maxFileSize: field.maxSize,
          accept: acceptOf(field),
          invalid: props.invalid,
          locale: locale(),
          translations: { dropzone: t('upload.dropzone') },
          onFileChange: (details: { acceptedFiles: File[]; rejectedFiles: Rejection[] }) => {
            chosen.value = details.acceptedFiles
            rejected.value = details.rejectedFiles
            emit('files', details.acceptedFiles)
          },
        },
        () => [
          showStored
            ? h(
                'ul',
                { class: 'kit-upload-files' },
                stored.map((file) =>
                  h('li', { key: file.path, class: 'kit-upload-file' }, [
                    field.image && file.url
                      ? h('img', { src: file.url, alt: '', class: 'kit-upload-preview' })
                      : h(KitIcon, { name: 'document-text', class: 'kit-upload-file-icon' }),
                    file.url
                      ? h(
                          'a',
                          {
                            href: file.url,
                            target: '_blank',
                            rel: 'noreferrer',
                            class: 'kit-link',
                          },
                          file.name
                        )
                      : h('span', { class: 'kit-upload-name' }, file.name),
                    removeButton(file.name, 'button', { onClick: () => remove(file.path) }),
                  ])
                )
              )
            : null,
          h(
            part(FileUpload.Dropzone),
            /* the drop zone takes drops; the Choose button inside it is the keyboard's way in */
            { 'class': 'kit-upload-dropzone', 'disableClick': true, 'aria-describedby': described },
            () => [
              h(KitIcon, { name: 'arrow-up-tray', class: 'kit-upload-dropzone-icon' }),
              h('span', t(field.multiple ? 'upload.dropMany' : 'upload.drop')),
              h(
                part(FileUpload.Trigger),
                {
                  'class': 'kit-button kit-upload-trigger',
                  'aria-describedby': described,
                  'aria-invalid': props.invalid || undefined,
                },
                () => t(field.multiple ? 'upload.chooseMany' : 'upload.choose')
              ),
            ]
          ),
          h(part(FileUpload.ItemGroup), { class: 'kit-upload-files' }, () =>
            h(part(FileUpload.Context), null, {
              default: ({ acceptedFiles }: { acceptedFiles: File[] }) =>
                acceptedFiles.map((file) =>
                  h(
                    part(FileUpload.Item),
                    { key: file.name, file, class: 'kit-upload-file' },
                    () => [
                      h(part(FileUpload.ItemPreview), { type: 'image/*' }, () =>
                        h(part(FileUpload.ItemPreviewImage), {
                          class: 'kit-upload-preview',
                          alt: '',
                        })
                      ),
                      file.type.startsWith('image/')
                        ? null
                        : h(KitIcon, { name: 'document-text', class: 'kit-upload-file-icon' }),
                      h('span', { class: 'kit-upload-item-text' }, [
                        h(part(FileUpload.ItemName), { class: 'kit-upload-name' }),
                        h(part(FileUpload.ItemSizeText), { class: 'kit-upload-size' }),
                      ]),
                      removeButton(file.name, FileUpload.ItemDeleteTrigger, {}),
                    ]
                  )
                ),
            })
          ),
          h(part(FileUpload.HiddenInput), { 'data-kit-upload-input': '' }),
          rejected.value.length
            ? h(
                'p',
                { id: rejectedId, class: 'kit-field-error', role: 'alert' },
                rejected.value.map((rejection) => rejectionMessage(field, rejection, t)).join(' ')
              )
            : null,
          h('p', { id: hintId, class: 'kit-description' }, uploadHint(field, t)),
        ]
      )
    }
  },
})
