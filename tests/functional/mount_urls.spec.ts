import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { resourceRoutes } from '../../src/http/register_routes.ts'

/**
 * A mount builds its URLs from the names of the routes it registers, with
 * the framework's URL builder: every URL it makes is the one the
 * application's router makes for the same route name.
 */
test.group('ResourceMount | URLs of the registered routes', () => {
  test('pages, record endpoints and actions: the router makes the same URLs', async ({
    assert,
  }) => {
    const kit = await app.container.make('kit')
    const mounts = kit
      .mounts()
      .filter(
        (mount) => !mount.parent && !mount.options.tenant && mount.resource.isValidRecordKey('7')
      )
    assert.isAbove(mounts.length, 3)
    let compared = 0
    for (const mount of mounts) {
      const registered = new Set(resourceRoutes(mount).map((route) => route.name))
      /* the test app declares no route list, so urlFor is typed for none */
      const urlFor = (suffix: string, params: Record<string, string> = {}) =>
        (router.urlBuilder.urlFor as unknown as (name: string, params: object) => string)(
          mount.routeName(suffix),
          params
        )
      const expected: [string, string, Record<string, string>?][] = [
        ...[...mount.pages.keys()].map((key): [string, string, Record<string, string>] => [
          mount.url(key, 7),
          key,
          { record: '7' },
        ]),
        [mount.recordUrl(7), 'update', { record: '7' }],
        [mount.recordUrl(), 'store'],
        [mount.actionUrl('publish', 7), 'actions.row', { record: '7', action: 'publish' }],
        [mount.bulkActionUrl('archive'), 'actions.bulk', { action: 'archive' }],
        [mount.optionUrl('authorId'), 'options.store', { field: 'authorId' }],
      ]
      for (const [url, suffix, params] of expected) {
        if (registered.has(mount.routeName(suffix))) {
          assert.equal(url, urlFor(suffix, params), `${mount.routeName(suffix)}`)
          compared++
        }
      }
    }
    assert.isAbove(compared, 20)
  })
})
