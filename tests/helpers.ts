import testUtils from '@adonisjs/core/services/test_utils'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { Group } from '@japa/runner/core'
import type { Resource } from '../src/definitions/resource/resource.ts'
import { versionOf } from '../src/runtime/mutation/record_version.ts'
import User from './app/app/models/user.ts'
import Post from './app/app/models/post.ts'
import Tag from './app/app/models/tag.ts'
import Note from './app/app/models/note.ts'
import AuditLog from './app/app/models/audit_log.ts'
import Article from './app/app/models/article.ts'
import Book from './app/app/models/book.ts'
import Genre from './app/app/models/genre.ts'
import Publisher from './app/app/models/publisher.ts'
import Ticket from './app/app/models/ticket.ts'

export { User, Post, Tag, Note, AuditLog, Article, Book, Genre, Publisher, Ticket }

/**
 * Run each test of the group in a global transaction rolled back afterwards.
 */
export function withDatabase(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
}

let sequence = 0

/**
 * Create a user.
 */
export function createUser(attributes: Partial<User> = {}) {
  sequence++
  return User.create({
    email: `user${sequence}@example.com`,
    fullName: `User ${sequence}`,
    password: 'not-a-real-hash',
    isAdmin: false,
    ...attributes,
  })
}

/**
 * Create a post.
 */
export function createPost(author: User, attributes: Partial<Post> = {}) {
  sequence++
  return Post.create({
    title: `Post ${sequence}`,
    body: `Body ${sequence}`,
    status: 'published',
    authorId: author.id,
    secretNote: `secret ${sequence}`,
    ...attributes,
  })
}

/**
 * A snapshot of every row of a table, ordered by id, to assert that a
 * refused request changed nothing.
 */
export async function snapshot(model: { query(): any }) {
  const rows = await model.query().orderBy('id')
  return rows.map((row: any) => ({ ...row.$attributes }))
}

/**
 * Create an article.
 */
export function createArticle(owner: User, attributes: Partial<Article> = {}) {
  sequence++
  return Article.create({
    title: `Article ${sequence}`,
    status: 'draft',
    ownerId: owner.id,
    deletedAt: null,
    ...attributes,
  })
}

/**
 * Count the SQL queries a callback runs.
 */
export async function countQueries(callback: () => Promise<unknown>) {
  const statements = await recordStatements(callback)
  return statements.length
}

/**
 * The SQL statements a callback runs, lower-cased.
 */
export async function recordStatements(callback: () => Promise<unknown>) {
  const sql: string[] = []
  const listener = (query: { sql: string }) => sql.push(query.sql.toLowerCase())
  emitter.on('db:query', listener)
  try {
    await callback()
  } finally {
    emitter.off('db:query', listener)
  }
  return sql
}

/**
 * Rows of a table without a model (pivot tables), ordered by id.
 */
export async function tableRows(table: string) {
  const rows = await db.from(table).orderBy('id')
  return rows.map((row: Record<string, unknown>) => ({ ...row }))
}

/**
 * Await a request and assert its status.
 */
export async function expectStatus(request: PromiseLike<any>, status: number) {
  const response = await request
  response.assertStatus(status)
  return response
}

/**
 * Create a ticket.
 */
export function createTicket(owner: User, attributes: Partial<Ticket> = {}) {
  sequence++
  return Ticket.create({
    subject: `Ticket ${sequence}`,
    status: 'open',
    priority: 1,
    ownerId: owner.id,
    ...attributes,
  })
}

/**
 * The Inertia page an HTML answer carries (a page loaded directly).
 */
export function pageOf(response: any): { component: string; props: Record<string, any> } {
  const html = response.text() as string
  const script = html.match(/<script[^>]*data-page[^>]*>([\s\S]*?)<\/script>/)
  if (script) {
    return JSON.parse(script[1])
  }
  const attribute = html.match(/data-page="([^"]*)"/)
  if (!attribute) {
    throw new Error(`no Inertia page in: ${html.slice(0, 300)}`)
  }
  return JSON.parse(
    attribute[1]
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&')
  )
}

/**
 * A record's current version as its edit page and its table row show it
 * (what the renderers send back as `_kit_version`): for requests that write
 * the way a client that just loaded the record does.
 */
export async function versionFor(
  ResourceClass: new () => Resource<any>,
  key: unknown
): Promise<string> {
  const resource = new ResourceClass()
  const record = await resource.model.findOrFail(key)
  return versionOf(
    { declaration: resource, model: resource.model, name: ResourceClass.name },
    record
  )
}

/**
 * A write's body with the record's current version (see `versionFor()`).
 */
export async function withVersion(
  ResourceClass: new () => Resource<any>,
  key: unknown,
  body: Record<string, unknown> = {}
): Promise<Record<string, unknown>> {
  return { ...body, _kit_version: await versionFor(ResourceClass, key) }
}

/**
 * The current version of the record a kit write URL names (an update, an
 * editable cell, a relation manager's update, a row action, a relation
 * manager's row action, a record page's header action with `_kit_record`),
 * as the page that sends it shows it; null when the URL names no such
 * write or no record (a 404 test).
 */
export async function versionAt(url: string): Promise<string | null> {
  const { default: router } = await import('@adonisjs/core/services/router')
  const { default: kit } = await import('../services/main.ts')
  const [path, search = ''] = url.split('?')
  const matched = router.match(path, 'PATCH', true) ?? router.match(path, 'POST', true)
  const name = matched?.route.name
  const params = (matched?.params ?? {}) as Record<string, string>
  const recordQuery = new URLSearchParams(search).get('_kit_record')
  for (const mount of kit.mounts()) {
    const ownRecord = [
      mount.routeName('update'),
      mount.routeName('columns.update'),
      mount.routeName('actions.row'),
    ].includes(name!)
    const source = ownRecord
      ? { declaration: mount.resource, model: mount.resource.model, key: params.record }
      : name === mount.routeName('actions.header') && recordQuery !== null
        ? { declaration: mount.resource, model: mount.resource.model, key: recordQuery }
        : [mount.routeName('relations.update'), mount.routeName('relations.action')].includes(name!)
          ? (() => {
              const relation = mount.relations.byName.get(params.relation)
              return relation
                ? { declaration: relation.manager, model: relation.related, key: params.related }
                : null
            })()
          : null
    if (!source) {
      continue
    }
    /* a key the column type refuses (e.g. "abc" for an integer on PostgreSQL) names no
       record; looked up in its own transaction, so a refusal aborts nothing else */
    const record = await db
      .transaction(
        async (trx) => (await source.model.find(source.key, { client: trx })) as LucidRow | null
      )
      .catch(() => null)
    return record
      ? versionOf({ declaration: source.declaration, model: source.model, name: 'test' }, record)
      : null
  }
  return null
}

/**
 * A write's body with the version of the record its URL names (see
 * `versionAt()`).
 */
export async function versionedBody(url: string, body: Record<string, unknown> = {}) {
  const version = await versionAt(url)
  return version === null ? body : { ...body, _kit_version: version }
}

/**
 * The tab badges of a list page response, by tab key, as a renderer ends up
 * showing them: the badges that came with the page, then the deferred ones
 * loaded the way the Inertia client loads them (a partial reload of the
 * same URL asking for `tabBadges` only). Asserts that the page listed
 * `tabBadges` as a deferred prop exactly when some badge is deferred.
 */
export async function tabBadgesOf(
  client: any,
  response: any,
  user: LucidRow
): Promise<Record<string, number | null>> {
  const page = response.body()
  const items: Array<{ key: string; badge: number | null; badgeDeferred?: true }> =
    response.inertiaProps.tabs.items
  const deferred = items.some((item) => item.badgeDeferred)
  const declared = Object.values(page.deferredProps ?? {}).flat()
  if (deferred !== declared.includes('tabBadges') || 'tabBadges' in response.inertiaProps) {
    throw new Error(`tabBadges is not deferred as the tabs say: ${JSON.stringify(page)}`)
  }
  let loaded: Record<string, { badge: number }> = {}
  if (deferred) {
    const reload = await client
      .get(page.url)
      .withInertiaPartialReload(page.component, ['tabBadges'])
      .loginAs(user)
    reload.assertStatus(200)
    loaded = reload.inertiaProps.tabBadges
  }
  return Object.fromEntries(
    items.map((item) => [item.key, item.badgeDeferred ? loaded[item.key].badge : item.badge])
  )
}
