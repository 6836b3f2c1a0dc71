import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { kit } from '../../src/testing/japa_plugin.ts'
import { ResourceMount, type MountOptions } from '../../src/runtime/mounts/resource_mount.ts'
import { KitConfigurationException, RecordNotFoundException } from '../../src/support/errors.ts'
import { executeAction } from '../../src/runtime/table/actions/action_runner.ts'
import { ReplicateAction, type PageRoute, type Table } from '../../index.ts'
import { ReplicaPostResource } from '../app/app/resources/routed_ticket_resource.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import { AuditLog, Post, createPost, createUser, withDatabase } from '../helpers.ts'
import { attachLabel, createLabel } from '../relation_helpers.ts'

const BASE = '/routed/replica-posts'

/** Every post and label link, to assert a refused request changed nothing */
async function snapshot() {
  return {
    posts: await db
      .from('posts')
      .orderBy('id')
      .select('id', 'title', 'body', 'status', 'author_id'),
    links: await db.from('post_labels').orderBy('id').select('post_id', 'label_id'),
  }
}

test.group('Replicate', (group) => {
  withDatabase(group)

  test('a row action creates a replica through the create sequence', async ({ client, assert }) => {
    const author = await createUser()
    const copier = await createUser()
    const post = await createPost(author, { title: 'Original', body: 'Text', status: 'published' })
    const [news, howto] = [await createLabel(), await createLabel()]
    await attachLabel(post, news)
    await attachLabel(post, howto)

    /* the row offers it */
    const list = await client.get(BASE).withInertia().loginAs(copier)
    const row = list.inertiaProps.table.rows.find((candidate: any) => candidate.key === post.id)
    assert.include(row.actions, 'replicate')
    const contract = list.inertiaProps.table.actions.find((a: any) => a.name === 'replicate')
    assert.equal(contract.label, 'Replicate')
    assert.deepEqual(
      contract.form.fields.map((field: any) => field.name),
      ['title']
    )

    const response = await client
      .post(`${BASE}/${post.id}/actions/replicate`)
      .form({ title: 'The copy' })
      .header('accept', 'application/json')
      .withCsrfToken()
      .loginAs(copier)
    response.assertStatus(200)
    const replica = await Post.findByOrFail('title', 'The copy')
    assert.deepEqual(response.body().replica, {
      key: replica.id,
      title: 'The copy',
      url: `${BASE}/${replica.id}/edit`,
    })
    assert.equal(response.body().message, 'Post "The copy" created as a copy of "Original"')
    /* the body excluded then set by the hook, the hook's status, the creator
       as author (mutateDataBeforeCreate) */
    assert.equal(replica.body, `Copy of #${post.id}`)
    assert.equal(replica.status, 'draft')
    assert.equal(replica.authorId, copier.id)
    /* a hidden attribute is never copied */
    assert.isNull(replica.secretNote)
    /* the labels' links were copied; the original is unchanged */
    const links = await db.from('post_labels').where('post_id', replica.id).orderBy('label_id')
    assert.deepEqual(
      links.map((link) => link.label_id),
      [news.id, howto.id].sort((a, b) => a - b)
    )
    await post.refresh()
    assert.equal(post.title, 'Original')
    assert.equal(post.status, 'published')
    /* the resource's after-create hook ran */
    const logged = await AuditLog.query().where('event', 'created').where('subject', 'The copy')
    assert.lengthOf(logged, 1)
  })

  test('an Inertia visit is sent back with the message flashed', async ({ client, assert }) => {
    const user = await createUser()
    const post = await createPost(user, { title: 'Mine' })
    const response = await client
      .post(`${BASE}/${post.id}/actions/replicate`)
      .form({ title: 'Mine again' })
      .header('referer', `http://${process.env.HOST}:${process.env.PORT}${BASE}?page=1`)
      .withCsrfToken()
      .withInertia()
      .loginAs(user)
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', `${BASE}?page=1`)
    response.assertFlashMessage('success', 'Post "Mine again" created as a copy of "Mine"')
    assert.lengthOf(await Post.query().where('title', 'Mine again'), 1)
  })

  test('a record outside the scope is a 404 and no row is created', async ({ client, assert }) => {
    const owner = await createUser()
    const other = await createUser()
    /* another author's draft is outside the scope of other users */
    const draft = await createPost(owner, { title: 'Hidden draft', status: 'draft' })
    await attachLabel(draft, await createLabel())
    const before = await snapshot()
    for (const key of [draft.id, 999_999, 'abc']) {
      const response = await client
        .post(`${BASE}/${key}/actions/replicate`)
        .json({ title: 'Stolen' })
        .header('accept', 'application/json')
        .withCsrfToken()
        .loginAs(other)
      response.assertStatus(404)
    }
    /* the edit page's header action resolves its record the same way */
    const header = await client
      .post(`${BASE}/actions/replicate`)
      .qs({ _kit_page: 'edit', _kit_record: draft.id })
      .json({ title: 'Stolen' })
      .header('accept', 'application/json')
      .withCsrfToken()
      .loginAs(other)
    header.assertStatus(404)
    assert.deepEqual(await snapshot(), before)
  })

  test('a user who may not create gets a 403 and no row; the row hides the action', async ({
    client,
    assert,
  }) => {
    const reader = await createUser({ fullName: 'Reader' })
    const post = await createPost(await createUser(), { title: 'Public' })
    const list = await client.get(BASE).withInertia().loginAs(reader)
    const row = list.inertiaProps.table.rows.find((candidate: any) => candidate.key === post.id)
    assert.notInclude(row.actions, 'replicate')
    const before = await snapshot()
    const response = await client
      .post(`${BASE}/${post.id}/actions/replicate`)
      .json({ title: 'Copied anyway' })
      .header('accept', 'application/json')
      .withCsrfToken()
      .loginAs(reader)
    response.assertStatus(403)
    assert.deepEqual(await snapshot(), before)
  })

  test("the action's own authorization refuses before anything is read", async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const post = await createPost(user, { title: 'Locked' })
    const before = await snapshot()
    const response = await client
      .post(`${BASE}/${post.id}/actions/replicate`)
      .json({ title: 'Unlocked copy' })
      .header('accept', 'application/json')
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(403)
    assert.deepEqual(await snapshot(), before)
  })

  test("bad input gets field errors from the resource's rules and no row", async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const post = await createPost(user, { title: 'Source' })
    await attachLabel(post, await createLabel())
    const before = await snapshot()
    for (const title of ['', '   ', 'x'.repeat(256)]) {
      const response = await client
        .post(`${BASE}/${post.id}/actions/replicate`)
        .form({ title, status: 'published', secretNote: 'forced', authorId: '1' })
        .header('accept', 'application/json')
        .withCsrfToken()
        .loginAs(user)
      response.assertStatus(422)
      assert.deepEqual(
        response.body().errors.map((error: any) => error.field),
        ['title'],
        JSON.stringify(title)
      )
    }
    assert.deepEqual(await snapshot(), before)
  })

  test("fields outside the action's form are never read from the request", async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const post = await createPost(user, { title: 'Source', body: 'Kept' })
    await client
      .post(`${BASE}/${post.id}/actions/replicate`)
      .form({ title: 'Copy', body: 'Injected', status: 'published', secretNote: 'forced' })
      .header('accept', 'application/json')
      .withCsrfToken()
      .loginAs(user)
    const replica = await Post.findByOrFail('title', 'Copy')
    assert.equal(replica.body, `Copy of #${post.id}`)
    assert.equal(replica.status, 'draft')
    assert.isNull(replica.secretNote)
  })

  test('the edit page offers it as a header action for its record', async ({ client, assert }) => {
    const user = await createUser()
    const post = await createPost(user, { title: 'Paged' })
    const page = await client.get(`${BASE}/${post.id}/edit`).withInertia().loginAs(user)
    const names = page.inertiaProps.headerActions.map((action: any) => action.name)
    assert.include(names, 'replicate')
    const response = await client
      .post(`${BASE}/actions/replicate`)
      .qs({ _kit_page: 'edit', _kit_record: post.id })
      .json({ title: 'Paged copy' })
      .header('accept', 'application/json')
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(200)
    const replica = await Post.findByOrFail('title', 'Paged copy')
    assert.equal(response.body().replica.key, replica.id)
  })

  test('kit() replicates through the row action', async ({ assert }) => {
    const user = await createUser()
    const post = await createPost(user, { title: 'Driven' })
    const replica = await kit(ReplicaPostResource, { user })
      .assertTableActionExists('replicate', post)
      .callTableAction('replicate', post, { title: 'Driven copy' })
      .assertTableActionSucceeded()
      .record<Post>()
    assert.equal(replica.title, 'Driven copy')
    assert.notEqual(replica.id, post.id)
    await kit(ReplicaPostResource, { user })
      .callTableAction('replicate', post, { title: '' })
      .assertHasTableActionErrors({ title: 'required' })
  })

  test('outside a resource row or record page the action is not served', async ({ assert }) => {
    const user = await createUser()
    const post = await createPost(user, { title: 'Elsewhere' })
    const before = await snapshot()
    for (const record of [post, null]) {
      const error = await executeAction(
        new PostResource(),
        ReplicateAction.make().authorizeUsing(() => true),
        record,
        { user },
        { title: 'No copy' }
      ).then(
        () => null,
        (failure: Error) => failure
      )
      assert.instanceOf(error, RecordNotFoundException)
    }
    assert.deepEqual(await snapshot(), before)
  })

  test('configuration mistakes are refused at boot', ({ assert }) => {
    const options: MountOptions = {
      panelId: 'x',
      prefix: '/x',
      name: 'kit.x',
      middleware: [],
      mutationMiddleware: [],
      resolveUser: () => null,
    }
    const refusal = (action: ReplicateAction) => {
      class Replicating extends PostResource {
        getPages(): Record<string, PageRoute> {
          return {}
        }
        table(table: Table) {
          return super.table(table).actions([action])
        }
      }
      try {
        new ResourceMount(new Replicating(), options)
        return null
      } catch (error) {
        return error as Error
      }
    }
    const relation = refusal(ReplicateAction.make().copyRelations(['comments']))
    assert.instanceOf(relation, KitConfigurationException)
    assert.include(
      relation?.message,
      'copyRelations() names "comments", which is not a many-to-many relationship of Post'
    )
    const excluded = refusal(ReplicateAction.make().excludeAttributes(['slug']))
    assert.include(
      excluded?.message,
      'excludeAttributes() names "slug", which is not a field of the form'
    )
    assert.isNull(refusal(ReplicateAction.make().copyRelations(['labels'])))
  })
})
