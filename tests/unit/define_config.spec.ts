import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import { defineConfig, defaultUserResolver } from '../../src/http/define_config.ts'
import { Panel, panel } from '../../src/definitions/panel/panel.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import NoteResource from '../app/app/resources/note_resource.ts'
import TagResource from '../app/app/resources/tag_resource.ts'

function refusal(callback: () => unknown) {
  try {
    callback()
    return undefined
  } catch (error) {
    return error as KitConfigurationException
  }
}

test.group('defineConfig | shape checks', () => {
  test('accepts an empty config', ({ assert }) => {
    assert.doesNotThrow(() => defineConfig({}))
    assert.doesNotThrow(() => defineConfig({ panels: [] }))
  })

  test('job timings: positive integers, the staleness window longer than a heartbeat', ({
    assert,
  }) => {
    assert.doesNotThrow(() =>
      defineConfig({ jobs: { heartbeatMs: 2000, staleAfterMs: 6000, recoverEveryMs: 1000 } })
    )
    for (const [jobs, message] of [
      [{ heartbeatMs: 0 }, 'jobs.heartbeatMs must be a positive integer'],
      [{ staleAfterMs: 1.5 }, 'jobs.staleAfterMs must be a positive integer'],
      [{ recoverEveryMs: '5' }, 'jobs.recoverEveryMs must be a positive integer'],
      [
        { staleAfterMs: 5000 },
        'jobs.staleAfterMs (5000) must be longer than jobs.heartbeatMs (5000)',
      ],
      [
        { heartbeatMs: 2000, staleAfterMs: 1000 },
        'jobs.staleAfterMs (1000) must be longer than jobs.heartbeatMs (2000)',
      ],
    ] as const) {
      const error = refusal(() => defineConfig({ jobs: jobs as any }))
      assert.instanceOf(error, KitConfigurationException, JSON.stringify(jobs))
      assert.include(error!.message, message)
    }
  })

  test('refuses something that is not an object', ({ assert }) => {
    for (const config of [undefined, null, 'admin', 42]) {
      const error = refusal(() => defineConfig(config as any))
      assert.instanceOf(error, KitConfigurationException, String(config))
      assert.include(error!.message, 'defineConfig() expects an object')
    }
  })

  test('refuses entries that are not panels', ({ assert }) => {
    for (const panels of [
      [{ id: 'admin' }],
      ['admin'],
      [panel('admin'), null],
      [() => panel('admin')],
      { admin: panel('admin') },
      'admin',
    ]) {
      const error = refusal(() => defineConfig({ panels: panels as any }))
      assert.instanceOf(error, KitConfigurationException, JSON.stringify(panels))
      assert.equal(error!.code, 'E_KIT_CONFIG')
      assert.include(error!.message, '"panels" must be a list of panel(...) definitions')
    }
  })

  test('refuses a panel id declared twice', ({ assert }) => {
    const error = refusal(() =>
      defineConfig({ panels: [panel('admin'), panel('staff'), panel('admin').path('/other')] })
    )
    assert.instanceOf(error, KitConfigurationException)
    assert.include(error!.message, 'panel "admin" is declared twice')
  })

  test('refuses a user resolver that is not a function', ({ assert }) => {
    for (const user of ['auth.user', {}, null, 1, true]) {
      const error = refusal(() => defineConfig({ user: user as any }))
      assert.instanceOf(error, KitConfigurationException, String(user))
      assert.include(error!.message, '"user" must be a function')
    }
  })
})

test.group('panel()', () => {
  test('derives the path and route-name namespace from the id', ({ assert }) => {
    const entry = panel('admin')
    assert.instanceOf(entry, Panel)
    assert.equal(entry.id, 'admin')
    assert.equal(entry.getPath(), '/admin')
    assert.equal(entry.getName(), 'kit.admin')
    assert.deepEqual(entry.getResources(), [])
  })

  test('accepts valid ids', ({ assert }) => {
    for (const id of ['a', 'admin', 'back-office', 'staff_2', 'x9']) {
      assert.doesNotThrow(() => panel(id), id)
    }
  })

  test('refuses bad ids', ({ assert }) => {
    for (const id of [
      '',
      'Admin',
      '1admin',
      '-admin',
      '_admin',
      'ad min',
      'ad/min',
      'ad.min',
      'é',
    ]) {
      const error = refusal(() => panel(id))
      assert.instanceOf(error, KitConfigurationException, id)
      assert.include(error!.message, `Panel id "${id}"`)
    }
  })

  test('refuses ids that are not strings', ({ assert }) => {
    /* RegExp.test() coerces: undefined and null would pass as "undefined" and "null" */
    for (const id of [undefined, null, 42, ['admin']]) {
      const error = refusal(() => panel(id as any))
      assert.instanceOf(error, KitConfigurationException, String(id))
    }
  })

  test('accepts valid paths', ({ assert }) => {
    for (const path of ['/', '/admin', '/back-office/v2', '/a_b', '/admin/']) {
      assert.equal(panel('admin').path(path).getPath(), path)
    }
  })

  test('refuses bad paths', ({ assert }) => {
    for (const path of [
      '',
      'admin',
      '//admin',
      '/admin//x',
      '/../admin',
      '/admin/..',
      '/ad min',
      '/admin?x=1',
      '/admin#x',
      '/:record',
      '/%2e%2e',
      '/admin\\x',
      '/ädmin',
      undefined,
      null,
      42,
    ]) {
      const error = refusal(() => panel('admin').path(path as any))
      assert.instanceOf(error, KitConfigurationException, String(path))
      assert.include(error!.message, 'Panel "admin": invalid path')
    }
  })

  test('middleware lists: auth middleware runs after the panel middleware', ({ assert }) => {
    const web = () => {}
    const auth = () => {}
    const csrf = () => {}
    const entry = panel('admin')
      .authMiddleware([auth as any])
      .middleware([web as any])
      .mutationMiddleware([csrf as any])
    assert.deepEqual(entry.getMiddleware(), [web, auth])
    assert.deepEqual(entry.getMutationMiddleware(), [csrf])
  })
})

test.group('defineConfig | config provider', () => {
  test('resolves lazy resource imports and keeps classes', async ({ assert }) => {
    const admin = panel('admin').resources([
      () => import('../app/app/resources/post_resource.ts'),
      NoteResource,
    ])
    const staff = panel('staff').resources([async () => ({ default: TagResource })])
    const provider = defineConfig({ panels: [admin, staff] })

    const resolved = await configProvider.resolve<any>(app, provider)
    assert.exists(resolved)
    assert.lengthOf(resolved.panels, 2)
    assert.strictEqual(resolved.panels[0].panel, admin)
    assert.deepEqual(resolved.panels[0].resources, [PostResource, NoteResource])
    assert.strictEqual(resolved.panels[1].panel, staff)
    assert.deepEqual(resolved.panels[1].resources, [TagResource])
  })

  test('uses the default user resolver unless one is given', async ({ assert }) => {
    const resolved = await configProvider.resolve<any>(app, defineConfig({}))
    assert.deepEqual(resolved.panels, [])
    assert.strictEqual(resolved.user, defaultUserResolver)

    const user = () => null
    const custom = await configProvider.resolve<any>(app, defineConfig({ user }))
    assert.strictEqual(custom.user, user)
  })

  test('refuses a lazy import whose default export is not a class', async ({ assert }) => {
    const provider = defineConfig({
      panels: [
        panel('admin').resources([
          NoteResource,
          async () => ({ default: { model: 'Post' } as any }),
        ]),
      ],
    })
    try {
      await configProvider.resolve(app, provider)
      assert.fail('the provider should have refused the resource')
    } catch (error) {
      assert.instanceOf(error, KitConfigurationException)
      assert.include(error.message, 'Panel "admin" resource #2')
      assert.include(error.message, 'expected a resource class or a lazy import of one')
    }
  })

  test('the default user resolver answers null without auth', async ({ assert }) => {
    assert.isNull(await defaultUserResolver({} as any))
    const user = { id: 1 }
    assert.strictEqual(
      await defaultUserResolver({ auth: { isAuthenticated: true, user } } as any),
      user
    )
    let checked = 0
    const auth = {
      isAuthenticated: false,
      user: undefined as any,
      async check() {
        checked++
        this.user = user
      },
    }
    assert.strictEqual(await defaultUserResolver({ auth } as any), user)
    assert.equal(checked, 1)
  })
})
