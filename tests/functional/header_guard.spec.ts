import { test } from '@japa/runner'
import { request } from 'node:http'
import { encodeHeaderValue, isInvalidHeaderValue } from '../../src/http/header_guard_middleware.ts'

/**
 * A GET sent with the raw path as written (no client-side normalization).
 */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, any> }>((resolve, reject) => {
    const outgoing = request(
      { host: process.env.HOST, port: Number(process.env.PORT), path, method: 'GET', headers },
      (response) => {
        response.resume()
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers })
        )
      }
    )
    outgoing.on('error', reject)
    outgoing.end()
  })
}

test.group('Header guard', () => {
  test('an Inertia visit to {path} gets a 409 with an encoded location')
    .with([
      { path: '/health%0A', location: '/health%0A' },
      { path: '/admin/posts/%E4%B8%AD/edit', location: '/admin/posts/%E4%B8%AD/edit' },
      { path: '/admin/%E2%80%A8?q=%00', location: '/admin/%E2%80%A8?q=%00' },
    ])
    .run(async ({ assert }, { path, location }) => {
      /* no or a stale asset version: the Inertia middleware answers 409 with the path */
      for (const version of [undefined, 'stale']) {
        const response = await rawGet(path, {
          'x-inertia': 'true',
          ...(version ? { 'x-inertia-version': version } : {}),
        })
        assert.equal(response.status, 409)
        assert.equal(response.headers['x-inertia-location'], location)
      }
      /* the server still answers */
      const after = await rawGet('/admin/posts', { accept: 'text/html' })
      assert.isAbove(after.status, 0)
    })

  test('header values are percent-encoded only where Node.js would refuse them', ({ assert }) => {
    assert.equal(encodeHeaderValue('/admin/posts?q=café'), '/admin/posts?q=café')
    assert.equal(encodeHeaderValue('/a\nb'), '/a%0Ab')
    assert.equal(encodeHeaderValue('/中'), '/%E4%B8%AD')
    assert.equal(encodeHeaderValue('/\uD800x'), '/%EF%BF%BDx')
    assert.isTrue(isInvalidHeaderValue('/a\r\nSet-Cookie: x=1'))
    assert.isFalse(isInvalidHeaderValue('/plain'))
    assert.isTrue(isInvalidHeaderValue(['/ok', '/中']))
  })
})
