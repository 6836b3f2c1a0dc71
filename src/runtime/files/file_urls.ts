import type { InfolistContract, StoredFileContract } from '../../contracts/main.ts'
import { storedPaths, type FileUpload } from '../../definitions/form/fields/file_upload.ts'
import type { ImageOptions } from '../../definitions/table/columns/image_options.ts'
import { ImageEntry } from '../../definitions/infolist/image_entry.ts'
import type { BuiltInfolist } from '../../definitions/infolist/infolist.ts'
import { isSafeUrl } from '../../support/path_safety.ts'
import { driveDisk, fileUrl } from './drive_disk.ts'

/**
 * The stored files of an upload field's value, with their URLs (form
 * previews and download links).
 */
export async function storedFiles(
  field: FileUpload,
  value: unknown
): Promise<StoredFileContract[]> {
  const paths = storedPaths(value)
  if (paths.length === 0) {
    return []
  }
  const disk = await driveDisk(field.getDisk())
  const files: StoredFileContract[] = []
  for (const path of paths) {
    files.push({ path, url: await fileUrl(disk, path), name: path.split('/').pop() ?? path })
  }
  return files
}

/**
 * The safe URLs of an image value: paths on the Drive disk, or stored URLs
 * kept only when they are paths or http(s) URLs.
 */
export async function imageUrls(options: ImageOptions, value: unknown): Promise<string[]> {
  const paths = storedPaths(value)
  if (options.disk === null) {
    return paths.filter((path) => isSafeUrl(path))
  }
  if (paths.length === 0) {
    return []
  }
  const disk = await driveDisk(options.disk)
  const urls: string[] = []
  for (const path of paths) {
    const url = await fileUrl(disk, path)
    if (url) {
      urls.push(url)
    }
  }
  return urls
}

/**
 * The cell value of an image column: the URL of its (first) image, or null.
 */
export async function imageCell(options: ImageOptions, value: unknown): Promise<string | null> {
  const urls = await imageUrls(options, value)
  return urls[0] ?? null
}

/**
 * Complete a serialized infolist: image entries get their URLs.
 */
export async function completeMediaEntries(built: BuiltInfolist, contract: InfolistContract) {
  for (const [index, { entry }] of built.entries.entries()) {
    const serialized = contract.entries[index]
    if (entry instanceof ImageEntry) {
      const options = entry.getImageOptions()
      serialized.image = {
        size: options.size,
        circular: options.circular,
        urls: await imageUrls(options, serialized.value),
      }
    }
  }
}
