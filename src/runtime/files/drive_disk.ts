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
 * A safe URL of a file on a disk: its public URL, else a signed URL valid
 * one hour; null when the disk gives neither or gives a URL outside the
 * safe-URL policy (paths and http(s) URLs).
 */
export async function fileUrl(disk: Disk, key: string): Promise<string | null> {
  let url: string | null = null
  try {
    url = await disk.getUrl(key)
  } catch {
    try {
      url = await disk.getSignedUrl(key, { expiresIn: '1h' })
    } catch (error) {
      debug('no URL for file %s: %s', key, (error as Error).message)
    }
  }
  return isSafeUrl(url) ? url : null
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
