import { useEffect, useMemo, useState } from 'react'
import type { FileUploadContract, FormValue } from '../../renderers/types.ts'
import { keptPaths, uploadHint } from '../../renderers/uploads.ts'
import { useText } from '../text.tsx'

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
 * A file upload: the stored files (image previews, remove buttons), a file
 * input, and previews of the files chosen. The chosen files are sent with
 * the form (multipart); the value keeps the stored paths.
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
  const [chosen, setChosen] = useState<File[]>([])
  const kept = keptPaths(field, value)
  const stored = field.files.filter((file) => kept.includes(file.path))
  const previews = useMemo(
    () =>
      chosen.map((file) => ({
        name: file.name,
        url: field.image && file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
      })),
    [chosen, field.image]
  )
  useEffect(() => () => previews.forEach((p) => p.url && URL.revokeObjectURL(p.url)), [previews])

  const choose = (files: File[]) => {
    setChosen(files)
    onFiles(files)
  }
  const remove = (path: string) => {
    const next = kept.filter((candidate) => candidate !== path)
    onChange(field.multiple ? next : null)
  }
  const hintId = `${id}-hint`

  return (
    <div className="kit-upload">
      {stored.length && !(chosen.length && !field.multiple) ? (
        <ul className="kit-upload-files">
          {stored.map((file) => (
            <li key={file.path} className="kit-upload-file">
              {field.image && file.url ? (
                <img src={file.url} alt="" className="kit-upload-preview" />
              ) : null}
              {file.url ? (
                <a href={file.url} target="_blank" rel="noreferrer" className="kit-link">
                  {file.name}
                </a>
              ) : (
                <span>{file.name}</span>
              )}
              <button
                type="button"
                className="kit-button kit-upload-remove"
                aria-label={t('upload.remove', { name: file.name })}
                onClick={() => remove(file.path)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        name={field.name}
        type="file"
        className="kit-upload-input"
        multiple={field.multiple}
        accept={field.acceptedTypes.join(',') || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        onChange={(event) => choose(Array.from(event.target.files ?? []))}
      />
      {previews.length ? (
        <ul className="kit-upload-files">
          {previews.map((preview) => (
            <li key={preview.name} className="kit-upload-file">
              {preview.url ? <img src={preview.url} alt="" className="kit-upload-preview" /> : null}
              <span>{t('upload.selected', { name: preview.name })}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p id={hintId} className="kit-description">
        {uploadHint(field, t)}
      </p>
    </div>
  )
}
