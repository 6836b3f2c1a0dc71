import app from '@adonisjs/core/services/app'
import type { Disk } from '@adonisjs/drive'
import type { DriveDisks, DriveService } from '@adonisjs/drive/types'
/* the container binding `drive.manager` that @adonisjs/drive declares */
import type {} from '@adonisjs/drive/drive_provider'
import { KitConfigurationException } from '../../support/errors.ts'
import { isSafeUrl } from '../../support/path_safety.ts'
import debug from '../../support/debug.ts'

/**
 * The Drive manager of the application (`@adonisjs/drive`, its provider
 * registered in adonisrc.ts).
 */
async function driveManager(): Promise<DriveService> {
  if (!hasDrive()) {
    throw new KitConfigurationException(
      'File uploads and image columns need @adonisjs/drive: run "node ace add @adonisjs/drive" (config/drive.ts and its provider)'
    )
  }
  return app.container.make('drive.manager')
}

/**
 * Whether the application registered @adonisjs/drive (its provider binds
 * `drive.manager`).
 */
export function hasDrive(): boolean {
  return app.container.hasBinding('drive.manager')
}

/**
 * A Drive disk by name (null or true: the default disk). A name comes from
 * the kit's configuration, one of the disks the app declares in
 * config/drive.ts (`DriveDisks`); an unknown one throws at `use()`.
 */
export async function driveDisk(name: string | true | null): Promise<Disk> {
  const manager = await driveManager()
  return typeof name === 'string' ? manager.use(name as keyof DriveDisks) : manager.use()
}

/**
 * How long the signed URL of a file on a private disk stays valid. The URL
 * goes only into the props of a page the user may see (the record passed
 * the scoped query and the policy), and the page's next visit signs anew.
 */
export const SIGNED_FILE_URL_EXPIRY = '30m'

/**
 * The visibility a disk declares in config/drive.ts (`visibility` of the
 * fs, s3 and gcs services), or null when its driver does not say.
 */
export function diskVisibility(disk: Disk): 'public' | 'private' | null {
  const visibility = (disk.driver as { options?: { visibility?: unknown } }).options?.visibility
  return visibility === 'public' || visibility === 'private' ? visibility : null
}

/**
 * A safe URL of a file on a disk. A disk declared public gives its plain
 * URL (`getUrl()`; a signed one when it has none). Any other disk (private,
 * or a driver that does not declare its visibility) gives a signed URL
 * valid for SIGNED_FILE_URL_EXPIRY, never a plain one: a private disk's
 * plain URL answers 401, and an unsigned link must not open a private
 * file. Null when the disk gives no URL or a URL outside the safe-URL
 * policy (paths and http(s) URLs).
 */
export async function fileUrl(disk: Disk, key: string): Promise<string | null> {
  let url: string | null = null
  try {
    if (diskVisibility(disk) === 'public') {
      url = await disk.getUrl(key).catch(() => signedUrl(disk, key))
    } else {
      url = await signedUrl(disk, key)
    }
  } catch (error) {
    debug('no URL for file %s: %s', key, (error as Error).message)
  }
  return isSafeUrl(url) ? url : null
}

function signedUrl(disk: Disk, key: string) {
  return disk.getSignedUrl(key, { expiresIn: SIGNED_FILE_URL_EXPIRY })
}

/**
 * Delete files, never throwing: a file already gone (or a disk error) is
 * logged, not reported to the user whose write succeeded.
 */
export async function deleteFiles(disk: Disk, keys: string[]) {
  for (const key of keys) {
    try {
      await disk.delete(key)
    } catch (error) {
      debug('could not delete file %s: %s', key, (error as Error).message)
    }
  }
}
