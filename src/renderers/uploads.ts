/*
 * adonis-kit
 *
 * File upload helpers shared by the React and Vue renderers: the form
 * submission with the chosen files, and the texts of a file field.
 */

import type { FileUploadContract, FormContract, FormValue } from './types.ts'
import type { KitText } from './text.ts'

/**
 * Files chosen in a form's upload fields, by field name.
 */
export type ChosenFiles = Record<string, File[]>

/**
 * The data of a form submission with its chosen files: a single upload
 * sends the new file in place of the kept path, a multiple one the kept
 * paths followed by the new files (an empty list as null, so removing every
 * file is sent). With files, the visit is sent as multipart form data.
 */
export function withChosenFiles(
  form: Pick<FormContract, 'fields'>,
  data: Record<string, unknown>,
  chosen: ChosenFiles
): { data: Record<string, unknown>; forceFormData: boolean } {
  let forceFormData = false
  const result = { ...data }
  for (const field of form.fields) {
    if (field.type !== 'file') continue
    const files = chosen[field.name] ?? []
    const kept = keptPaths(field, data[field.name] as FormValue)
    if (files.length) forceFormData = true
    if (field.multiple) {
      const all = [...kept, ...files]
      result[field.name] = all.length ? all : null
    } else {
      result[field.name] = files[0] ?? kept[0] ?? null
    }
  }
  return { data: result, forceFormData }
}

/**
 * The stored paths a file field's value keeps.
 */
export function keptPaths(field: FileUploadContract, value: FormValue | undefined): string[] {
  if (value === null || value === undefined || value === '') return []
  const list = Array.isArray(value) ? value : [value]
  return list.map(String).filter((path) => field.files.some((file) => file.path === path))
}

/**
 * A byte count for people: `2 MB`, `500 KB`.
 */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/**
 * The hint under a file field: accepted types and largest size.
 */
export function uploadHint(field: FileUploadContract, t: KitText): string {
  const parts = [t('upload.maxSize', { size: formatBytes(field.maxSize) })]
  if (field.acceptedTypes.length) {
    parts.unshift(t('upload.accepted', { types: field.acceptedTypes.join(', ') }))
  }
  return parts.join(' · ')
}

/**
 * The `accept` of a file field's picker and drop zone: its accepted MIME
 * types, or undefined (any file).
 */
export function acceptOf(field: FileUploadContract): string[] | undefined {
  return field.acceptedTypes.length ? field.acceptedTypes : undefined
}

/**
 * Why the drop zone refused a file, in the person's language (the server
 * checks every file again).
 */
export function rejectionMessage(
  field: FileUploadContract,
  rejection: { file: File; errors: readonly string[] },
  t: KitText
): string {
  const reason = rejection.errors.includes('FILE_TOO_LARGE')
    ? t('upload.error.size', { size: formatBytes(field.maxSize) })
    : rejection.errors.includes('FILE_INVALID_TYPE')
      ? t('upload.error.type', { types: field.acceptedTypes.join(', ') })
      : rejection.errors.includes('TOO_MANY_FILES')
        ? t('upload.error.count', { count: field.multiple ? 100 : 1 })
        : t('upload.error.type', { types: field.acceptedTypes.join(', ') || '*' })
  return `${rejection.file.name}: ${reason}`
}

/**
 * The share of a multipart submission sent so far, in percent, from
 * Inertia's `progress` event (null when the browser cannot tell).
 */
export function uploadPercent(progress: { percentage?: number } | undefined): number | null {
  return typeof progress?.percentage === 'number' ? Math.round(progress.percentage) : null
}
