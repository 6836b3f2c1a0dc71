import { randomUUID } from 'node:crypto'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { errors as vineErrors } from '@vinejs/vine'
import { fileTypeFromBuffer } from 'file-type'
import type { Field } from '../../definitions/form/fields/field.ts'
import type { FileStorage } from '../../definitions/form/fields/field_kit.ts'
import { storedPaths } from '../../definitions/form/fields/file_upload.ts'
import { valueOf } from '../../definitions/resource/record_values.ts'
import type { MutationData } from '../../definitions/types.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import type { KitTranslator } from '../../i18n/translator.ts'
import { deleteFiles, driveDisk } from './drive_disk.ts'
import { uploadedFiles, type UploadedFile } from './uploaded_file.ts'

/**
 * Files a mutation wrote and files it replaced, by disk: the written ones
 * are deleted when the transaction fails, the replaced ones once it commits.
 */
export class FileChanges {
  #written: { disk: string | null; key: string }[] = []
  #replaced: { disk: string | null; key: string }[] = []

  wrote(disk: string | null, key: string) {
    this.#written.push({ disk, key })
  }

  replaced(disk: string | null, keys: string[]) {
    this.#replaced.push(...keys.map((key) => ({ disk, key })))
  }

  /**
   * The transaction failed: remove the files written for it.
   */
  async rollback() {
    await removeAll(this.#written)
  }

  /**
   * The transaction committed: remove the files no record holds any more.
   */
  async commit() {
    await removeAll(this.#replaced)
  }
}

async function removeAll(files: { disk: string | null; key: string }[]) {
  const byDisk = new Map<string | null, string[]>()
  for (const file of files) {
    byDisk.set(file.disk, [...(byDisk.get(file.disk) ?? []), file.key])
  }
  for (const [disk, keys] of byDisk) {
    await deleteFiles(await driveDisk(disk), keys)
  }
}

/**
 * Sanitize the fields of validated data in place, each by its
 * `sanitizeInto()` (rich text and Markdown, those of a repeater's items
 * too): what is stored can never execute.
 */
export function sanitizeTextFields(fields: Field[], data: MutationData) {
  for (const field of fields) {
    field.sanitizeInto(data)
  }
}

type FieldError = { field: string; message: string; rule: string }

/**
 * Whether a detected MIME type is one of the accepted ones (`image/*`
 * accepts every image type).
 */
function accepts(accepted: string[], mime: string) {
  return accepted.some(
    (type) => type === mime || (type.endsWith('/*') && mime.startsWith(type.slice(0, -1)))
  )
}

/**
 * The type of a file from its content: the signature file-type knows, else
 * plain text for valid UTF-8 without NUL bytes (text, CSV, Markdown), else
 * nothing.
 */
async function detectType(bytes: Uint8Array): Promise<{ mime: string; ext: string } | null> {
  const detected = await fileTypeFromBuffer(bytes)
  if (detected) {
    return { mime: detected.mime, ext: detected.ext }
  }
  if (bytes.includes(0)) {
    return null
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return { mime: 'text/plain', ext: 'txt' }
  } catch {
    return null
  }
}

/**
 * Check one uploaded file: size, then type from its content.
 */
async function checkFile(
  field: FileStorage,
  file: UploadedFile,
  t: KitTranslator
): Promise<{ error: FieldError } | { bytes: Uint8Array; ext: string }> {
  const name = field.name
  if (file.errors.length || file.size > field.getMaxSize()) {
    return {
      error: {
        field: name,
        rule: 'file.size',
        message: t.t('upload.error.size', { size: formatBytes(field.getMaxSize()) }),
      },
    }
  }
  const bytes = await file.read()
  if (bytes.byteLength > field.getMaxSize()) {
    return {
      error: {
        field: name,
        rule: 'file.size',
        message: t.t('upload.error.size', { size: formatBytes(field.getMaxSize()) }),
      },
    }
  }
  const accepted = field.getAcceptedTypes()
  const type = await detectType(bytes)
  if (!type || (accepted.length && !accepts(accepted, type.mime))) {
    return {
      error: {
        field: name,
        rule: 'file.type',
        message: t.t('upload.error.type', { types: accepted.join(', ') }),
      },
    }
  }
  return { bytes, ext: type.ext }
}

/**
 * A byte count for messages: `2 MB`, `500 KB`.
 */
function formatBytes(bytes: number) {
  if (bytes >= 1024 * 1024) {
    return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
  }
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/**
 * The stored paths a submission keeps: the field's posted value names the
 * current files to keep (a path, or a list of paths for multiple uploads);
 * null or an empty value keeps none; an absent value keeps them all. A path
 * the record does not hold is ignored (a client never names a file).
 */
function keptPaths(field: FileStorage, posted: unknown, current: string[]): string[] {
  if (posted === undefined) {
    return current
  }
  if (posted === null || posted === '') {
    return []
  }
  const named = Array.isArray(posted) ? posted : [posted]
  if (!field.isMultiple() && named.length === 1 && !current.includes(String(named[0]))) {
    return current
  }
  return current.filter((path) => named.includes(path))
}

/**
 * Check and store the uploads of a create or edit submission, after
 * authorization and validation, before the transaction. Every file is
 * checked (size, type by content, count, required) before any is written;
 * a refusal throws E_VALIDATION_ERROR (422 with per-field errors) and
 * writes nothing. The returned data holds the new column values; the
 * changes list the files written (deleted if the transaction fails) and
 * the files replaced (deleted once it commits).
 */
export async function storeUploads(
  fields: Field[],
  rawInput: unknown,
  record: LucidRow | null,
  context: { translator?: KitTranslator } | null
): Promise<{ data: MutationData; changes: FileChanges }> {
  const t = contextTranslator(context)
  const data: MutationData = {}
  const changes = new FileChanges()
  const errors: FieldError[] = []
  const planned: {
    field: FileStorage
    current: string[]
    kept: string[]
    files: { bytes: Uint8Array; ext: string }[]
  }[] = []
  const body = (rawInput && typeof rawInput === 'object' ? rawInput : {}) as Record<string, any>

  /* 1. check every upload before writing anything */
  for (const field of storages(fields)) {
    const incoming = uploadedFiles(rawInput, field.name)
    const posted = body[field.name]
    const current = record ? storedPaths(valueOf(record, field.name)) : []
    const kept = keptPaths(field, posted, current)
    if (!field.isMultiple() && incoming.length > 1) {
      errors.push({
        field: field.name,
        rule: 'file.count',
        message: t.t('upload.error.count', { count: 1 }),
      })
      continue
    }
    const checked: { bytes: Uint8Array; ext: string }[] = []
    for (const file of incoming) {
      const result = await checkFile(field, file, t)
      if ('error' in result) {
        errors.push(result.error)
        break
      }
      checked.push(result)
    }
    const total = field.isMultiple() ? kept.length + checked.length : checked.length || kept.length
    if (field.isMultiple() && total > field.getMaxFiles()) {
      errors.push({
        field: field.name,
        rule: 'file.count',
        message: t.t('upload.error.count', { count: field.getMaxFiles() }),
      })
    } else if (field.isRequired() && total === 0 && errors.every((e) => e.field !== field.name)) {
      errors.push({ field: field.name, rule: 'required', message: t.t('upload.error.required') })
    }
    if (incoming.length || posted !== undefined) {
      planned.push({ field, current, kept, files: checked })
    }
  }
  if (errors.length) {
    throw new vineErrors.E_VALIDATION_ERROR(errors)
  }

  /* 2. write the new files under generated names (never the client's) */
  try {
    for (const plan of planned) {
      const disk = await driveDisk(plan.field.getDisk())
      const written: string[] = []
      for (const file of plan.files) {
        const key = `${plan.field.getDirectory()}/${randomUUID()}.${file.ext}`
        await disk.put(key, file.bytes)
        changes.wrote(plan.field.getDisk(), key)
        written.push(key)
      }
      const stored = plan.field.isMultiple()
        ? [...plan.kept, ...written]
        : written.length
          ? written
          : plan.kept
      data[plan.field.name] = plan.field.isMultiple() ? JSON.stringify(stored) : (stored[0] ?? null)
      changes.replaced(
        plan.field.getDisk(),
        plan.current.filter((path) => !stored.includes(path))
      )
    }
  } catch (error) {
    await changes.rollback()
    throw error
  }
  return { data, changes }
}

/**
 * The files records hold in their upload fields (removed after the records
 * are deleted for good: one record, or a bulk action's chunk).
 */
export function recordFiles(fields: Field[], records: LucidRow[]): FileChanges {
  const changes = new FileChanges()
  for (const field of storages(fields)) {
    for (const record of records) {
      changes.replaced(field.getDisk(), storedPaths(valueOf(record, field.name)))
    }
  }
  return changes
}

/**
 * Where the fields that take uploads store them (`fileStorage()`).
 */
function storages(fields: Field[]): FileStorage[] {
  return fields.flatMap((field) => field.fileStorage() ?? [])
}
