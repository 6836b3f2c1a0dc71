import { test } from '@japa/runner'
import { Disk } from 'flydrive'
import type { DriverContract } from 'flydrive/types'
import {
  SIGNED_FILE_URL_EXPIRY,
  diskVisibility,
  fileUrl,
} from '../../src/runtime/files/drive_disk.ts'

/**
 * A disk over a driver that answers URLs only: `visibility` as its
 * options declare it, and what getUrl and getSignedUrl give (or throw).
 */
function diskWith(
  visibility: unknown,
  urls: { plain?: string | Error; signed?: string | Error },
  calls: unknown[] = []
) {
  const answer = (value: string | Error | undefined) =>
    value instanceof Error || value === undefined
      ? Promise.reject(value ?? new Error('no URL'))
      : Promise.resolve(value)
  const driver = {
    options: visibility === undefined ? {} : { visibility },
    getUrl: (key: string) => {
      calls.push(['getUrl', key])
      return answer(urls.plain)
    },
    getSignedUrl: (key: string, options: unknown) => {
      calls.push(['getSignedUrl', key, options])
      return answer(urls.signed)
    },
  }
  return new Disk(driver as unknown as DriverContract)
}

test.group('Drive disk | file URLs by visibility', () => {
  test('a public disk gives its plain URL, a signed one when it has none', async ({ assert }) => {
    const calls: unknown[] = []
    const disk = diskWith('public', { plain: '/files/a.png', signed: '/files/a.png?s=1' }, calls)
    assert.equal(diskVisibility(disk), 'public')
    assert.equal(await fileUrl(disk, 'a.png'), '/files/a.png')
    assert.deepEqual(calls, [['getUrl', 'a.png']])

    const unserved = diskWith('public', { plain: new Error('no'), signed: '/files/a.png?s=1' })
    assert.equal(await fileUrl(unserved, 'a.png'), '/files/a.png?s=1')
  })

  test('a private disk, or one that does not say, gives a signed URL only, never the plain one', async ({
    assert,
  }) => {
    for (const visibility of ['private', undefined, 'secret']) {
      const calls: unknown[] = []
      const disk = diskWith(
        visibility,
        { plain: 'https://cdn.test/a.png', signed: 'https://cdn.test/a.png?X-Sig=1' },
        calls
      )
      assert.equal(await fileUrl(disk, 'a.png'), 'https://cdn.test/a.png?X-Sig=1')
      assert.deepEqual(calls, [['getSignedUrl', 'a.png', { expiresIn: SIGNED_FILE_URL_EXPIRY }]])
    }
    /* a disk that cannot sign gives no URL rather than an unsigned one */
    const unsigned = diskWith('private', { plain: '/files/a.png', signed: new Error('no signing') })
    assert.isNull(await fileUrl(unsigned, 'a.png'))
    /* an unsafe URL is never given */
    const unsafe = diskWith('private', { signed: 'javascript:alert(1)' })
    assert.isNull(await fileUrl(unsafe, 'a.png'))
  })
})
