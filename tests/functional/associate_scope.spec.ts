import { test } from '@japa/runner'
import BoardNote from '../app/app/models/board_note.ts'
import Member from '../app/app/models/member.ts'
import { createPost, createUser, snapshot, tableRows, withDatabase } from '../helpers.ts'
import { twoTenants } from '../fixtures/tenancy.ts'
import { createComment, grant, withRelationFixtures } from '../relation_helpers.ts'

function send(client: any, user: any, method: string, url: string, body?: unknown) {
  const request = client[method](url)
  if (body) request.json(body)
  return request.withCsrfToken().accept('json').loginAs(user)
}

function labels(response: any) {
  return response.body().options.map((option: any) => option.label)
}

test.group('Associate | scoped to the tenant by default', (group) => {
  withDatabase(group)

  test("a member cannot move another tenant's record under their own record", async ({
    client,
    assert,
  }) => {
    const { alice, apollo, gemini, hammock } = await twoTenants()
    const ours = await BoardNote.create({ boardId: gemini.id, body: 'Dock checklist' })
    const theirs = await BoardNote.create({ boardId: hammock.id, body: 'Doomsday device' })
    const before = await snapshot(BoardNote)
    const base = `/acme/app/boards/${apollo.id}/relations/notes`

    /* the chooser offers the tenant's records only */
    const search = await send(client, alice, 'get', `${base}/options/associate?search=do`)
    search.assertStatus(200)
    assert.deepEqual(labels(search), ['Dock checklist'])

    /* a forged key of the other tenant is refused, nothing moves */
    const forged = await send(client, alice, 'post', `${base}/associate`, { record: theirs.id })
    forged.assertStatus(422)
    assert.deepEqual(
      forged.body().errors.map((error: any) => [error.field, error.rule]),
      [['record', 'associate']]
    )
    assert.deepEqual(await snapshot(BoardNote), before)
    await theirs.refresh()
    assert.equal(theirs.boardId, hammock.id)

    /* a record of the tenant moves */
    const moved = await send(client, alice, 'post', `${base}/associate`, { record: ours.id })
    moved.assertStatus(200)
    await ours.refresh()
    assert.equal(ours.boardId, apollo.id)
  })

  test('records without an owner are not offered when nothing ties them to the tenant', async ({
    client,
    assert,
  }) => {
    const { alice, apollo } = await twoTenants()
    const orphan = await BoardNote.create({ boardId: null, body: 'Dangling doodle' })
    const base = `/acme/app/boards/${apollo.id}/relations/notes`

    const search = await send(client, alice, 'get', `${base}/options/associate?search=do`)
    assert.deepEqual(labels(search), [])
    const forged = await send(client, alice, 'post', `${base}/associate`, { record: orphan.id })
    forged.assertStatus(422)
    await orphan.refresh()
    assert.isNull(orphan.boardId)
  })
})

test.group('Attach | scoped to the tenant by default', (group) => {
  withDatabase(group)

  test("the attach chooser and its submission never reach another tenant's records", async ({
    client,
    assert,
  }) => {
    const { alice, apollo, acmeMember, globex } = await twoTenants()
    const globexMember = await Member.create({ teamId: globex.id, name: 'Wild card' })
    const base = `/acme/app/boards/${apollo.id}/relations/members`

    const search = await send(client, alice, 'get', `${base}/options/attach?search=wi`)
    search.assertStatus(200)
    assert.deepEqual(labels(search), ['Wile E.'])

    const forged = await send(client, alice, 'post', `${base}/attach`, {
      record: globexMember.id,
    })
    forged.assertStatus(422)
    assert.deepEqual(await tableRows('board_member'), [])

    const attached = await send(client, alice, 'post', `${base}/attach`, { record: acmeMember.id })
    attached.assertStatus(200)
    const pivot = await tableRows('board_member')
    assert.deepEqual(
      pivot.map((row) => [Number(row.board_id), Number(row.member_id)]),
      [[apollo.id, acmeMember.id]]
    )
  })
})

test.group('Associate | scoped to the owner resource query', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('a record under an owner the user cannot see is neither offered nor moved', async ({
    client,
    assert,
  }) => {
    const writer = await createUser()
    const other = await createUser()
    grant(writer, 'comments.*')
    const mine = await createPost(writer, { status: 'draft' })
    const hidden = await createPost(other, { status: 'draft' })
    const visible = await createPost(other, { status: 'published' })
    const secret = await createComment(hidden, { body: 'Secret draft note' })
    const open = await createComment(visible, { body: 'Second opinion' })
    const base = `/admin/posts/${mine.id}/relations/comments`

    const search = await send(client, writer, 'get', `${base}/options/associate?search=se`)
    search.assertStatus(200)
    assert.deepEqual(labels(search), ['Second opinion'])

    const forged = await send(client, writer, 'post', `${base}/associate`, { record: secret.id })
    forged.assertStatus(422)
    await secret.refresh()
    assert.equal(secret.postId, hidden.id)
    assert.equal(open.postId, visible.id)
  })
})
