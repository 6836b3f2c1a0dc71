import { KitConfigurationException } from '../../../support/errors.ts'

/**
 * Where an image column or entry reads its image: a path on a Drive disk
 * (`disk` set; `true` for Drive's default disk), or, without a disk, a URL
 * stored as it is (shown only when it is a path or an http(s) URL).
 */
export interface ImageOptions {
  disk: string | true | null
  size: number
  circular: boolean
}

/**
 * Check an image size at configuration time.
 */
export function assertImageSize(size: unknown, where: string): asserts size is number {
  if (!Number.isInteger(size) || (size as number) < 8 || (size as number) > 512) {
    throw new KitConfigurationException(`${where}: size() takes a number of pixels from 8 to 512`)
  }
}
