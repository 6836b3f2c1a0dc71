import { test } from '@japa/runner'
import {
  assertSafePagePath,
  assertSafeUrl,
  isSafeUrl,
  joinPath,
  safeRedirectTarget,
} from '../../src/support/path_safety.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'

const WHERE = 'PostResource.getPages().custom'

/**
 * Run the check and return the exception it raised (or undefined).
 */
function refusal(path: unknown, needsRecord: boolean) {
  try {
    assertSafePagePath(path, needsRecord, WHERE)
    return undefined
  } catch (error) {
    return error as KitConfigurationException
  }
}

test.group('path_safety | assertSafePagePath accepts', () => {
  test('pages without a record', ({ assert }) => {
    for (const path of ['/', '/create', '/reports/monthly', '/export.csv', '/a-b_c~d', '/list/']) {
      assert.isUndefined(refusal(path, false), path)
    }
  })

  test('record pages with ":record" exactly once', ({ assert }) => {
    for (const path of ['/:record/edit', '/:record/items', '/:record', '/items/:record/view']) {
      assert.isUndefined(refusal(path, true), path)
    }
  })
})

test.group('path_safety | assertSafePagePath refuses', () => {
  const cases: [unknown, boolean, RegExp][] = [
    ['/../x', false, /traversal/],
    ['/a/../b', false, /traversal/],
    ['/a/./b', false, /traversal/],
    ['/.', false, /traversal/],
    ['/:record/..', true, /traversal/],
    ['//x', false, /empty segment/],
    ['/a//b', false, /empty segment/],
    ['x', false, /starting with "\/"/],
    ['create', false, /starting with "\/"/],
    ['', false, /starting with "\/"/],
    [':record/edit', true, /starting with "\/"/],
    [undefined, false, /starting with "\/"/],
    [null, false, /starting with "\/"/],
    [42, false, /starting with "\/"/],
    ['/%zz', false, /malformed percent-encoding/],
    ['/%', false, /malformed percent-encoding/],
    ['/%2e%2e', false, /percent-encoded/],
    ['/%2F', false, /percent-encoded/],
    ['/:id/edit', true, /invalid segment ":id"/],
    ['/:id/edit', false, /invalid segment ":id"/],
    ['/:record/:record', true, /exactly once/],
    ['/edit', true, /exactly once/],
    ['/create', true, /exactly once/],
    ['/:record/edit', false, /must not contain ":record"/],
    ['/:record', false, /must not contain ":record"/],
    ['/a b', false, /invalid segment/],
    ['/a?b=1', false, /invalid segment/],
    ['/a#b', false, /invalid segment/],
    ['/*', false, /invalid segment/],
    ['/-x', false, /invalid segment/],
    ['/\\..\\x', false, /invalid segment/],
    ['/é', false, /invalid segment/],
    ['/x:record', true, /invalid segment/],
  ]

  for (const [path, needsRecord, reason] of cases) {
    test(`${JSON.stringify(path)} (needsRecord: ${needsRecord})`, ({ assert }) => {
      const error = refusal(path, needsRecord)
      assert.instanceOf(error, KitConfigurationException)
      assert.equal(error!.code, 'E_KIT_CONFIG')
      assert.match(error!.message, reason)
      assert.isTrue(error!.message.startsWith(`${WHERE}: page path `), error!.message)
    })
  }
})

test.group('path_safety | joinPath', () => {
  test('joins with single slashes and a leading slash', ({ assert }) => {
    assert.equal(joinPath('/admin', 'posts'), '/admin/posts')
    assert.equal(joinPath('/admin/', '/posts/'), '/admin/posts')
    assert.equal(joinPath('admin', 'posts', ':record', 'edit'), '/admin/posts/:record/edit')
    assert.equal(joinPath('/admin//', '//posts', '/:record/edit'), '/admin/posts/:record/edit')
  })

  test('drops the trailing slash of the root page', ({ assert }) => {
    assert.equal(joinPath('/admin/posts', '/'), '/admin/posts')
  })

  test('returns "/" when every part is empty', ({ assert }) => {
    assert.equal(joinPath(), '/')
    assert.equal(joinPath('/', ''), '/')
    assert.equal(joinPath('//', '/'), '/')
  })
})

test.group('path_safety | the safe-URL policy', () => {
  test('paths and http(s) URLs pass', ({ assert }) => {
    for (const url of [
      '/',
      '/admin/posts?x=1#top',
      'https://example.com',
      'http://example.com/a?b=c',
      'HTTPS://EXAMPLE.COM/x',
    ]) {
      assert.isTrue(isSafeUrl(url), url)
    }
  })

  test('script, data, protocol-relative and malformed URLs are refused', ({ assert }) => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      '//evil.test',
      '/\\evil.test',
      '\\\\evil.test',
      '/a\\b',
      'https://user@evil.test',
      'https:/evil.test',
      'https://',
      'ftp://example.com',
      '/a\nb',
      '/a\u0000',
      'relative/path',
      '',
      42,
      null,
    ]) {
      assert.isFalse(isSafeUrl(url), String(url))
    }
    assert.throws(() => assertSafeUrl('javascript:x', 'Action "go"'), /Action "go": URL/)
  })

  test('redirects stay on the origin', ({ assert }) => {
    const origin = 'http://app.test:3333'
    assert.equal(safeRedirectTarget('/admin/posts', origin, '/'), '/admin/posts')
    assert.equal(
      safeRedirectTarget('http://app.test:3333/admin/posts?x=1', origin, '/'),
      '/admin/posts?x=1'
    )
    for (const url of [
      'https://evil.test/admin',
      'http://app.test:4444/admin',
      '//evil.test',
      '/\\evil.test',
      'javascript:alert(1)',
      'not a url',
      undefined,
    ]) {
      assert.equal(safeRedirectTarget(url, origin, '/admin/posts'), '/admin/posts', String(url))
    }
    assert.equal(safeRedirectTarget('//evil.test', origin, '//evil.test'), '/')
  })
})
