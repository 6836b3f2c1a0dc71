import { test } from '@japa/runner'
import Member from '../app/app/models/member.ts'
import Board from '../app/app/models/board.ts'
import { snapshot, tableRows, versionedBody, withDatabase } from '../helpers.ts'
import { twoTenants } from '../fixtures/tenancy.ts'

async function send(
  client: any,
  method: 'post' | 'patch',
  url: string,
  user: any,
  body: Record<string, unknown>
) {
  const sent = method === 'patch' ? await versionedBody(url, body) : body
  return client[method](url).json(sent).withCsrfToken().accept('json').loginAs(user)
}

test.group('Option forms | tenancy', (group) => {
  withDatabase(group)

  test('a created option receives the current tenant key; forged keys are overwritten', async ({
    client,
    assert,
  }) => {
    const { alice, acme, globex, apollo } = await twoTenants()

    /* the select's option form as the create and the edit page publish it */
    const page = await client.get('/acme/app/boards/create').withInertia().loginAs(alice)
    const field = page.inertiaProps.form.fields.find((f: any) => f.name === 'members')
    assert.equal(field.createOption.url, '/acme/app/boards/options/members')

    const plain = await send(client, 'post', field.createOption.url, alice, { name: 'Road Runner' })
    plain.assertStatus(201)
    const runner = await Member.findByOrFail('name', 'Road Runner')
    assert.equal(runner.teamId, acme.id)
    assert.deepEqual(plain.body(), { option: { value: String(runner.id), label: 'Road Runner' } })

    for (const forged of [
      { name: 'Forged camel', teamId: globex.id },
      { name: 'Forged snake', team_id: globex.id },
    ]) {
      const response = await send(client, 'post', field.createOption.url, alice, forged)
      response.assertStatus(201)
      const created = await Member.findByOrFail('name', forged.name)
      assert.equal(created.teamId, acme.id, forged.name)
    }

    /* on the edit form of a record (?_kit_record) */
    const edit = await client.get(`/acme/app/boards/${apollo.id}/edit`).withInertia().loginAs(alice)
    const editField = edit.inertiaProps.form.fields.find((f: any) => f.name === 'members')
    const fromEdit = await send(client, 'post', editField.createOption.url, alice, {
      name: 'From edit',
      teamId: globex.id,
    })
    fromEdit.assertStatus(201)
    const fromEditMember = await Member.findByOrFail('name', 'From edit')
    assert.equal(fromEditMember.teamId, acme.id)

    /* nothing of it landed in the other tenant */
    const members = await tableRows('members')
    const globexMembers = members.filter((row) => Number(row.team_id) === globex.id)
    assert.deepEqual(
      globexMembers.map((row) => row.name),
      ['Hank Scorpio']
    )

    /* the new option is one the form offers and saves in the tenant */
    const saved = await send(client, 'patch', `/acme/app/boards/${apollo.id}`, alice, {
      name: 'Apollo',
      members: [runner.id],
    })
    saved.assertStatus(200)
    const pivot = await tableRows('board_member')
    assert.deepEqual(
      pivot.map((row) => [Number(row.board_id), Number(row.member_id)]),
      [[apollo.id, runner.id]]
    )
  })

  test('an edited option stays in its tenant; another tenant option is not found', async ({
    client,
    assert,
  }) => {
    const { alice, acme, acmeMember, globexMember } = await twoTenants()
    const url = '/acme/app/boards/options/members'

    const renamed = await send(client, 'patch', `${url}/${acmeMember.id}`, alice, {
      name: 'Coyote',
      teamId: 999,
      team_id: 999,
    })
    renamed.assertStatus(200)
    await acmeMember.refresh()
    assert.equal(acmeMember.name, 'Coyote')
    assert.equal(acmeMember.teamId, acme.id)

    const before = await snapshot(Member)
    const foreign = await send(client, 'patch', `${url}/${globexMember.id}`, alice, {
      name: 'Taken over',
    })
    foreign.assertStatus(404)
    assert.deepEqual(await snapshot(Member), before)

    /* and its key is refused by the select */
    const board = await Board.findByOrFail('name', 'Apollo')
    const refused = await send(client, 'patch', `/acme/app/boards/${board.id}`, alice, {
      name: 'Apollo',
      members: [globexMember.id],
    })
    refused.assertStatus(422)
    assert.deepEqual(await tableRows('board_member'), [])
  })
})
