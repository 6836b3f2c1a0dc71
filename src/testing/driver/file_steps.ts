import type { Resource } from '../../definitions/resource/resource.ts'
import { buildForm } from '../../definitions/table/builders.ts'
import { FileUpload } from '../../definitions/form/fields/file_upload.ts'
import { driveDisk } from '../../runtime/files/drive_disk.ts'

/**
 * The in-memory upload for `attachFile()`, or why it is refused (no such
 * file upload field).
 */
export function uploadFor(
  resource: Resource<any>,
  field: string,
  file: { name: string; content: Uint8Array | string }
): { name: string; content: Uint8Array } | string {
  const fields = buildForm(resource).getFields()
  const uploads = fields.filter((candidate) => candidate instanceof FileUpload)
  if (!uploads.some((candidate) => candidate.name === field)) {
    const names = uploads.map((candidate) => `"${candidate.name}"`).join(', ')
    return `no file upload field "${field}"; the form has: ${names || 'none'}`
  }
  if (!file || typeof file.name !== 'string') {
    return 'the file needs a name and a content'
  }
  const content =
    typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content
  return { name: file.name, content }
}

/**
 * Why a stored-file assertion fails, or null when it holds.
 */
export async function fileAssertion(
  key: unknown,
  disk: string | undefined,
  expected: boolean
): Promise<string | null> {
  if (typeof key !== 'string' || key === '') {
    return `expected a stored path, got ${JSON.stringify(key)}`
  }
  const drive = await driveDisk(disk ?? null)
  const exists = await drive.exists(key)
  if (exists === expected) {
    return null
  }
  return expected
    ? `no file "${key}" on the ${disk ? `"${disk}"` : 'default'} disk`
    : `the file "${key}" is still on the ${disk ? `"${disk}"` : 'default'} disk`
}
