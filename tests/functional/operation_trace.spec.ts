import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { test } from '@japa/runner'
import { onKitDebug, type KitDebugEntry } from '../../src/debug.ts'
import { Article, AuditLog, createArticle, createUser, snapshot, withDatabase } from '../helpers.ts'

/**
 * Every 403 and 404 an operation answers explains itself in the debug log
 * (NODE_DEBUG=adonis-kit prints these entries): which resource, which
 * route, which record and why.
 */
async function capture(request: () => Promise<{ status(): number }>) {
  const entries: KitDebugEntry[] = []
  const stop = onKitDebug((entry) => entries.push(entry))
  try {
    const response = await request()
    return { status: response.status(), entries }
  } finally {
    stop()
  }
}

test.group('Operations | refusals in the debug log', (group) => {
  withDatabase(group)

  test('a row action its authorization denies: 403, the action and the record', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const article = await createArticle(owner)
    const before = await snapshot(Article)

    const { status, entries } = await capture(() =>
      client
        .post(`/admin/articles/${article.id}/actions/publish`)
        .withCsrfToken()
        .accept('json')
        .loginAs(other)
    )
    assert.equal(status, 403)
    assert.deepEqual(await snapshot(Article), before)
    assert.lengthOf(await AuditLog.all(), 0)
    const denial = entries.find((entry) => entry.event === 'deny')
    assert.deepInclude(denial?.details ?? {}, {
      resource: 'ArticleResource',
      route: 'row action',
      ability: 'publish',
      record: String(article.id),
      user: other.id,
      request: `POST /admin/articles/${article.id}/actions/publish`,
    })
    assert.include(denial!.message, `denied ArticleResource row action of record ${article.id}`)
  })

  test('an unknown action: 404, the resource, the record and the name', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const article = await createArticle(owner)
    const before = await snapshot(Article)

    const { status, entries } = await capture(() =>
      client
        .post(`/admin/articles/${article.id}/actions/nope`)
        .withCsrfToken()
        .accept('json')
        .loginAs(owner)
    )
    assert.equal(status, 404)
    assert.deepEqual(await snapshot(Article), before)
    const notFound = entries.find((entry) => entry.event === 'not-found')
    assert.deepInclude(notFound?.details ?? {}, {
      resource: 'ArticleResource',
      route: 'row action',
      record: String(article.id),
      reason: 'Action not found (action "nope")',
    })
  })

  test('a record outside the scope: 404, the key and "not in scope"', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const { entries, status } = await capture(() =>
      client.get('/admin/articles/999999/edit').withInertia().loginAs(owner)
    )
    assert.equal(status, 404)
    const notFound = entries.find((entry) => entry.event === 'not-found')
    assert.deepInclude(notFound?.details ?? {}, { resource: 'ArticleResource', record: '999999' })
    assert.include(String(notFound?.details.reason), 'scoped query')
  })

  test('NODE_DEBUG=adonis-kit prints what the listeners receive', async ({ client, assert }) => {
    const owner = await createUser()
    const other = await createUser()
    const article = await createArticle(owner)
    const { entries } = await capture(() =>
      client
        .post(`/admin/articles/${article.id}/actions/publish`)
        .withCsrfToken()
        .accept('json')
        .loginAs(other)
    )
    const denial = entries.find((entry) => entry.event === 'deny')!
    const probe = fileURLToPath(new URL('../fixtures/debug_probe.ts', import.meta.url))
    const { stderr } = await promisify(execFile)(
      process.execPath,
      ['--import=@poppinss/ts-exec', probe, JSON.stringify(denial)],
      { env: { ...process.env, NODE_DEBUG: 'adonis-kit' } }
    )
    assert.match(stderr, /^ADONIS-KIT \d+: denied ArticleResource row action of record \d+/)
    assert.include(stderr, '"ability":"publish"')
  })
})
