import { useState } from 'react'
import { FileUpload } from '@ark-ui/react/file-upload'
import type { FileUploadContract, FormValue } from '../../renderers/types.ts'
import { acceptOf, keptPaths, rejectionMessage, uploadHint } from '../../renderers/uploads.ts'
import { KitIcon } from '../icons.tsx'
import { useLocale, useText } from '../text.tsx'

interface FileUploadFieldProps {
  id: string
  field: FileUploadContract
  value: FormValue
  describedBy?: string
  invalid: boolean
  onChange: (value: FormValue) => void
  onFiles: (files: File[]) => void
}

/**
 * A file upload (Ark UI FileUpload): the stored files (image previews,
 * remove buttons), a drop zone with a "Choose" button, and the files chosen
 * with their previews, names, sizes and remove buttons. The chosen files
 * are sent with the form (multipart); the value keeps the stored paths.
 * Files the field refuses (type, count) are named under the drop zone.
 */
export function FileUploadField({
  id,
  field,
  value,
  describedBy,
  invalid,
  onChange,
  onFiles,
}: FileUploadFieldProps) {
  const t = useText()
  const locale = useLocale()
  const [chosen, setChosen] = useState<File[]>([])
  const [rejected, setRejected] = useState<{ file: File; errors: readonly string[] }[]>([])
  const kept = keptPaths(field, value)
  const stored = field.files.filter((file) => kept.includes(file.path))
  const remove = (path: string) => {
    const next = kept.filter((candidate) => candidate !== path)
    onChange(field.multiple ? next : null)
  }
  const hintId = `${id}-hint`
  const rejectedId = `${id}-rejected`
  const described = [hintId, rejected.length ? rejectedId : null, describedBy]
    .filter(Boolean)
    .join(' ')

  return (
    <FileUpload.Root
      className="kit-upload"
      ids={{ hiddenInput: id }}
      name={field.name}
      maxFiles={field.multiple ? 100 : 1}
      maxFileSize={field.maxSize}
      accept={acceptOf(field)}
      invalid={invalid}
      locale={locale}
      translations={{ dropzone: t('upload.dropzone') }}
      onFileChange={(details) => {
        setChosen(details.acceptedFiles)
        setRejected(details.rejectedFiles)
        onFiles(details.acceptedFiles)
      }}
    >
      {stored.length && !(chosen.length && !field.multiple) ? (
        <ul className="kit-upload-files">
          {stored.map((file) => (
            <li key={file.path} className="kit-upload-file">
              {field.image && file.url ? (
                <img src={file.url} alt="" className="kit-upload-preview" />
              ) : (
                <KitIcon name="document-text" className="kit-upload-file-icon" />
              )}
              {file.url ? (
                <a href={file.url} target="_blank" rel="noreferrer" className="kit-link">
                  {file.name}
                </a>
              ) : (
                <span className="kit-upload-name">{file.name}</span>
              )}
              <button
                type="button"
                className="kit-icon-button kit-upload-remove"
                aria-label={t('upload.remove', { name: file.name })}
                onClick={() => remove(file.path)}
              >
                <KitIcon name="x-mark" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {/* the drop zone takes drops; the Choose button inside it is the keyboard's way in */}
      <FileUpload.Dropzone
        className="kit-upload-dropzone"
        disableClick
        aria-describedby={described}
      >
        <KitIcon name="arrow-up-tray" className="kit-upload-dropzone-icon" />
        <span>{t(field.multiple ? 'upload.dropMany' : 'upload.drop')}</span>
        <FileUpload.Trigger
          className="kit-button kit-upload-trigger"
          aria-describedby={described}
          aria-invalid={invalid || undefined}
        >
          {t(field.multiple ? 'upload.chooseMany' : 'upload.choose')}
        </FileUpload.Trigger>
      </FileUpload.Dropzone>
      <FileUpload.ItemGroup className="kit-upload-files">
        <FileUpload.Context>
          {({ acceptedFiles }) =>
            acceptedFiles.map((file) => (
              <FileUpload.Item key={file.name} file={file} className="kit-upload-file">
                <FileUpload.ItemPreview type="image/*">
                  <FileUpload.ItemPreviewImage className="kit-upload-preview" alt="" />
                </FileUpload.ItemPreview>
                {file.type.startsWith('image/') ? null : (
                  <KitIcon name="document-text" className="kit-upload-file-icon" />
                )}
                <span className="kit-upload-item-text">
                  <FileUpload.ItemName className="kit-upload-name" />
                  <FileUpload.ItemSizeText className="kit-upload-size" />
                </span>
                <FileUpload.ItemDeleteTrigger
                  className="kit-icon-button kit-upload-remove"
                  aria-label={t('upload.remove', { name: file.name })}
                >
                  <KitIcon name="x-mark" />
                </FileUpload.ItemDeleteTrigger>
              </FileUpload.Item>
            ))
          }
        </FileUpload.Context>
      </FileUpload.ItemGroup>
      <FileUpload.HiddenInput data-kit-upload-input="" />
      {rejected.length ? (
        <p id={rejectedId} className="kit-field-error" role="alert">
          {rejected.map((rejection) => rejectionMessage(field, rejection, t)).join(' ')}
        </p>
      ) : null}
      <p id={hintId} className="kit-description">
        {uploadHint(field, t)}
      </p>
    </FileUpload.Root>
  )
}
