import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { grant } from '../app/app/relation_grants.ts'
import { uniqueRuleQueries } from '../app/app/rules/gizmo_rules.ts'
import Gizmo from '../app/app/models/gizmo.ts'
import Publisher from '../app/app/models/publisher.ts'
import Comment from '../app/app/models/comment.ts'
import {
  Article,
  Post,
  createArticle,
  createPost,
  createUser,
  snapshot,
  tableRows,
  withDatabase,
  versionedBody,
} from '../helpers.ts'

/**
 * Strings a database cannot store: a NUL character (PostgreSQL refuses it:
 * `invalid byte sequence for encoding "UTF8": 0x00`) and lone surrogates
 * (not UTF-8). They are refused with a field error before any rule runs, so
 * a rule that queries the database (`unique`, `exists`) never sends them.
 */
const UNSTORABLE = [
  { label: 'a NUL character', value: '\u0000', rule: 'nul' },
  { label: 'a NUL inside text', value: 'gizmo\u0000name', rule: 'nul' },
  { label: 'a lone high surrogate', value: 'bad\uD800', rule: 'encoding' },
  { label: 'a lone low surrogate', value: '\uDC00bad', rule: 'encoding' },
]

function fieldRules(response: any) {
  return response.body().errors.map((error: any) => [error.field, error.rule])
}

test.group('Storable input | refused before any rule runs', (group) => {
  withDatabase(group)
  group.each.setup(() => {
    uniqueRuleQueries.length = 0
  })

  test('create through a unique rule: {label} is a 422 field error, never a query')
    .with(UNSTORABLE)
    .run(async ({ client, assert }, { value, rule }) => {
      const admin = await createUser({ isAdmin: true })
      const response = await client
        .post('/safety/gizmos')
        .json({ name: value, code: value })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(422)
      assert.sameDeepMembers(fieldRules(response), [
        ['name', rule],
        ['code', rule],
      ])
      assert.deepEqual(uniqueRuleQueries, [])
      assert.deepEqual(await tableRows('gizmos'), [])
    })

  test('update through a unique rule: {label} is refused, the row unchanged')
    .with(UNSTORABLE)
    .run(async ({ client, assert }, { value, rule }) => {
      const admin = await createUser({ isAdmin: true })
      const gizmo = await Gizmo.create({ name: 'Kept' })
      const before = await tableRows('gizmos')
      const response = await client
        .patch(`/safety/gizmos/${gizmo.id}`)
        .json(await versionedBody(`/safety/gizmos/${gizmo.id}`, { name: value }))
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(422)
      assert.deepEqual(fieldRules(response), [['name', rule]])
      assert.deepEqual(uniqueRuleQueries, [])
      assert.deepEqual(await tableRows('gizmos'), before)
    })

  test('an Inertia form gets the error back in its errors bag', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client
      .post('/safety/gizmos')
      .json({ name: '\u0000' })
      .header('referer', '/safety/gizmos/create')
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/safety/gizmos/create')
    response.assertFlashMessage('inputErrorsBag', {
      name: ['The value must not contain NUL characters'],
    })
    assert.deepEqual(await tableRows('gizmos'), [])
  })

  test('an editable column refuses {label}')
    .with(UNSTORABLE)
    .run(async ({ client, assert }, { value, rule }) => {
      const admin = await createUser({ isAdmin: true })
      await createPost(admin, { title: 'Kept' })
      const before = await snapshot(Post)
      const response = await client
        .patch(`/admin/posts/${before[0].id}/columns/title`)
        .json(await versionedBody(`/admin/posts/${before[0].id}/columns/title`, { value }))
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(422)
      assert.deepEqual(fieldRules(response), [['title', rule]])
      assert.deepEqual(await snapshot(Post), before)
    })

  test('an action with data refuses {label}')
    .with(UNSTORABLE)
    .run(async ({ client, assert }, { value, rule }) => {
      const admin = await createUser({ isAdmin: true })
      const article = await createArticle(admin)
      const before = await snapshot(Article)
      const response = await client
        .post(`/admin/articles/${article.id}/actions/publish`)
        .json(await versionedBody(`/admin/articles/${article.id}/actions/publish`, { note: value }))
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(422)
      assert.deepEqual(fieldRules(response), [['note', rule]])
      assert.deepEqual(await snapshot(Article), before)
    })

  test('a relation form refuses {label}')
    .with(UNSTORABLE)
    .run(async ({ client, assert }, { value, rule }) => {
      const admin = await createUser({ isAdmin: true })
      const post = await createPost(admin)
      grant(admin, 'comments.*')
      const response = await client
        .post(`/admin/posts/${post.id}/relations/comments`)
        .json({ body: value })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(422)
      assert.deepEqual(fieldRules(response), [['body', rule]])
      assert.lengthOf(await Comment.all(), 0)
    })

  test('an option form refuses {label}')
    .with(UNSTORABLE)
    .run(async ({ client, assert }, { value, rule }) => {
      const admin = await createUser({ isAdmin: true })
      const response = await client
        .post('/admin/books/options/publisherId')
        .json({ name: value })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(422)
      assert.deepEqual(fieldRules(response), [['name', rule]])
      assert.lengthOf(await Publisher.all(), 0)
    })

  test('text outside the BMP (4-byte emoji) is stored intact', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const name = 'Gizmo 🦊 ✓'
    const response = await client
      .post('/safety/gizmos')
      .json({ name })
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    assert.isBelow(response.status(), 400)
    const rows = await db.from('gizmos').select('name')
    assert.deepEqual(
      rows.map((row) => row.name),
      [name]
    )
  })
})
