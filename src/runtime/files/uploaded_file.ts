import { readFile } from 'node:fs/promises'

/**
 * Key under which an operation's body carries the request's uploaded files
 * (a symbol: never part of the input a Rules class or a model sees, never
 * serialized).
 */
export const UPLOADED_FILES = Symbol.for('adonis-kit.uploaded-files')

/**
 * A file the client sent: from a multipart request (the body parser wrote it
 * to a temporary file) or from the kit() driver (bytes in memory).
 */
export interface UploadedFile {
  /** The client's file name: shown in errors, never used for storage */
  clientName: string
  size: number
  /** Errors the body parser already found (its own size limit) */
  errors: string[]
  read(): Promise<Uint8Array>
}

/**
 * The shape of `@adonisjs/core/bodyparser`'s MultipartFile that the kit reads.
 */
interface MultipartLike {
  clientName: string
  size: number
  tmpPath?: string
  errors?: { message: string }[]
}

function fromMultipart(file: MultipartLike): UploadedFile {
  return {
    clientName: String(file.clientName ?? ''),
    size: Number(file.size ?? 0),
    errors: (file.errors ?? []).map((error) => error.message),
    read: async () => (file.tmpPath ? readFile(file.tmpPath) : new Uint8Array()),
  }
}

function isMultipart(value: unknown): value is MultipartLike {
  return !!value && typeof value === 'object' && 'clientName' in value
}

/**
 * The files of a request by field path: `cover`, `cover[]` and `cover[0]`
 * give `cover`; a nested field, `data[cover]`, gives `data.cover`.
 */
function filesByPath(files: Record<string, unknown>, prefix = ''): Record<string, UploadedFile[]> {
  const uploads: Record<string, UploadedFile[]> = {}
  for (const [name, value] of Object.entries(files)) {
    const path = `${prefix}${name}`
    if (Array.isArray(value) || isMultipart(value)) {
      const list = Array.isArray(value) ? value : [value]
      uploads[path] = list.filter(isMultipart).map(fromMultipart)
    } else if (value && typeof value === 'object') {
      Object.assign(uploads, filesByPath(value as Record<string, unknown>, `${path}.`))
    }
  }
  return uploads
}

/**
 * A copy of a request body carrying the request's uploaded files under
 * `UPLOADED_FILES`, by field path (`cover`, `cover[]` and `cover[0]` give
 * `cover`; `data[cover]` gives `data.cover`).
 */
export function withUploadedFiles(
  body: Record<string, any>,
  files: Record<string, unknown>
): Record<string, any> {
  if (Object.keys(files).length === 0) {
    return body
  }
  return { ...body, [UPLOADED_FILES]: filesByPath(files) }
}

/**
 * The object under `key` of an operation body (a bulk action's `data`),
 * carrying the uploaded files of its fields (`data.cover` becomes
 * `cover`); an empty object when the body holds none.
 */
export function nestedBody(body: unknown, key: string): Record<string, any> {
  const source = body && typeof body === 'object' ? (body as Record<string | symbol, any>) : {}
  const value = source[key]
  const nested: Record<string | symbol, any> =
    value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {}
  const uploads = source[UPLOADED_FILES] as Record<string, UploadedFile[]> | undefined
  if (uploads) {
    const prefix = `${key}.`
    const inner: Record<string, UploadedFile[]> = {}
    for (const [path, files] of Object.entries(uploads)) {
      if (path.startsWith(prefix)) inner[path.slice(prefix.length)] = files
    }
    if (Object.keys(inner).length) nested[UPLOADED_FILES] = inner
  }
  return nested
}

/**
 * A copy of an operation body carrying in-memory files (the kit() driver).
 */
export function withFileContents(
  body: Record<string, any>,
  files: Record<string, { name: string; content: Uint8Array }[]>
): Record<string, any> {
  if (Object.keys(files).length === 0) {
    return body
  }
  const uploads: Record<string, UploadedFile[]> = {}
  for (const [name, list] of Object.entries(files)) {
    uploads[name] = list.map((file) => ({
      clientName: file.name,
      size: file.content.byteLength,
      errors: [],
      read: async () => file.content,
    }))
  }
  return { ...body, [UPLOADED_FILES]: uploads }
}

/**
 * The uploaded files of a field in an operation body.
 */
export function uploadedFiles(body: unknown, field: string): UploadedFile[] {
  if (!body || typeof body !== 'object') {
    return []
  }
  const uploads = (body as Record<symbol, Record<string, UploadedFile[]> | undefined>)[
    UPLOADED_FILES
  ]
  return uploads && Object.hasOwn(uploads, field) ? uploads[field] : []
}
