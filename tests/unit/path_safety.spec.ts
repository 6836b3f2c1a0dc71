import { test } from '@japa/runner'
import { assertSafePagePath, joinPath } from '../../src/routing/path_safety.ts'
import { KitConfigurationException } from '../../src/errors.ts'

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
