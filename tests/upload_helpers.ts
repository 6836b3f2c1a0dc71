import { readdir, readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

/**
 * The root of the test application's local Drive disk (config/drive.ts).
 */
export const diskRoot = fileURLToPath(
  new URL(`./app/tmp/uploads-${process.env.PORT ?? 'test'}/`, import.meta.url)
)

/**
 * The root of the test application's private Drive disk (config/drive.ts).
 */
export const privateDiskRoot = fileURLToPath(
  new URL(`./app/tmp/private-uploads-${process.env.PORT ?? 'test'}/`, import.meta.url)
)

/** A valid 1x1 PNG */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

/** A valid JPEG header followed by data (file-type reads the signature) */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64, 1),
])

/** A Windows executable (MZ header), to be renamed photo.png */
export const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'binary'),
  Buffer.alloc(200),
])

/** An HTML page with a script, to be renamed photo.png */
export const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>')

/**
 * Every file under a disk's root (the public one by default), as paths
 * relative to it, sorted.
 */
export async function storedFiles(root = diskRoot): Promise<string[]> {
  if (!existsSync(root)) {
    return []
  }
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length))
    .sort()
}

/**
 * The bytes of a stored file.
 */
export function storedBytes(path: string) {
  return readFile(join(diskRoot, path))
}
