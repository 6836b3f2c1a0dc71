import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { onKitDebug, type KitDebugEntry } from '../../src/support/debug.ts'
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

/**
 * POST a row action of an article as a user, capturing the debug log.
 */
function runAction(
  client: ApiClient,
  user: Awaited<ReturnType<typeof createUser>>,
  article: Article,
  action: string
) {
  return capture(() =>
    client
      .post(`/admin/articles/${article.id}/actions/${action}`)
      .withCsrfToken()
      .accept('json')
      .loginAs(user)
  )
}

test.group('Operations | refusals in the debug log', (group) => {
  withDatabase(group)

  test('a row action its authorization denies: 403, the action and the record', async ({
    client,
    assert,
  }) => {
    const other = await createUser()
    const article = await createArticle(await createUser())
    const before = await snapshot(Article)

    const { status, entries } = await runAction(client, other, article, 'publish')
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

    const { status, entries } = await runAction(client, owner, article, 'nope')
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
    const article = await createArticle(await createUser())
    const { entries } = await runAction(client, await createUser(), article, 'publish')
    const denial = entries.find((entry) => entry.event === 'deny')!
    const probe = fileURLToPath(new URL('../fixtures/debug_probe.ts', import.meta.url))
    const { stderr } = await promisify(execFile)(
      process.execPath,
      ['--import=@poppinss/ts-exec', probe, JSON.stringify(denial)],
      { env: { ...process.env, NODE_DEBUG: 'adonis-kit' } }
    )
    assert.match(stderr, /^ADONIS-KIT \d+: denied ArticleResource row action of record \d+/)
    assert.include(stderr, '"ability":"publish"')
  }).timeout(60_000)
})
