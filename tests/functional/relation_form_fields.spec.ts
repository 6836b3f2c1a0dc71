import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { createPost, createUser, snapshot, versionedBody, withDatabase } from '../helpers.ts'
import {
  createLabel,
  grant,
  pivotRows,
  relationSnapshot,
  withRelationFixtures,
} from '../relation_helpers.ts'
import Brochure from '../app/app/models/brochure.ts'
import BrochurePage from '../app/app/models/brochure_page.ts'

async function send(
  client: ApiClient,
  user: any,
  method: 'post' | 'patch',
  url: string,
  body: Record<string, unknown>
) {
  const sent = method === 'patch' ? await versionedBody(url, body) : body
  return client[method](url).json(sent).withCsrfToken().accept('json').loginAs(user)
}

function errorsOf(response: { body(): any }) {
  return (response.body().errors as { field: string; rule: string }[])
    .map((error) => [error.field, error.rule])
    .sort()
}

test.group('Relation managers | form field affordances', (group) => {
  withDatabase(group)

  test('the create and edit forms carry the affordances; hidden fields are left out', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Pages' })
    const base = `/media/brochures/${brochure.id}/relations/pages`

    const manager = await client.get(base).accept('json').loginAs(admin)
    manager.assertStatus(200)
    const form = manager.body().form
    const byName = Object.fromEntries(form.fields.map((field: any) => [field.name, field]))
    assert.deepInclude(byName.caption, {
      helperText: 'Shown under the page',
      hint: 'Short',
      placeholder: 'A caption',
      required: true,
    })
    assert.isTrue(byName.internalCode.readOnly)
    assert.notProperty(byName, 'legacyRef')
    assert.notProperty(form.values, 'legacyRef')
    assert.equal(form.values.status, 'draft')
    assert.deepEqual(
      byName.reviewer.visibleWhen.map((condition: any) => condition.field),
      ['status']
    )
    assert.deepEqual(
      byName.reviewer.requiredWhen.map((condition: any) => condition.field),
      ['status']
    )

    const page = await BrochurePage.create({
      brochureId: brochure.id,
      caption: 'One',
      internalCode: 'IC-1',
      legacyRef: 'L-1',
    })
    const edit = await client.get(`${base}/${page.id}`).accept('json').loginAs(admin)
    edit.assertStatus(200)
    assert.equal(edit.body().form.values.internalCode, 'IC-1')
    assert.notProperty(edit.body().form.values, 'legacyRef')
  })

  test('create: read-only and hidden values are never written nor validated; the default and the sanitizer apply', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Pages' })
    const base = `/media/brochures/${brochure.id}/relations/pages`

    /* internalCode and legacyRef have rules no value passes: they are not validated */
    const response = await send(client, admin, 'post', base, {
      caption: 'One',
      internalCode: 'forged',
      legacyRef: 'forged',
      reviewer: 'Not visible for a draft',
      summary: '<p onclick="x()">Hi<script>alert(1)</script></p>',
    })
    response.assertStatus(201)
    const page = await BrochurePage.findByOrFail('caption', 'One')
    assert.isNull(page.internalCode)
    assert.isNull(page.legacyRef)
    assert.isNull(page.reviewer)
    assert.equal(page.summary, '<p>Hi</p>')
  })

  test('requiredWhen: a published page needs a reviewer (422, no row); with one it is written', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Pages' })
    const base = `/media/brochures/${brochure.id}/relations/pages`

    const refused = await send(client, admin, 'post', base, {
      caption: 'Published',
      status: 'published',
      reviewer: '   ',
    })
    refused.assertStatus(422)
    assert.deepEqual(errorsOf(refused), [['reviewer', 'required']])
    assert.lengthOf(await BrochurePage.all(), 0)

    const created = await send(client, admin, 'post', base, {
      caption: 'Published',
      status: 'published',
      reviewer: 'Ada',
    })
    created.assertStatus(201)
    const page = await BrochurePage.findByOrFail('caption', 'Published')
    assert.equal(page.reviewer, 'Ada')
  })

  test('edit: read-only and hidden values stay; requiredWhen reads the stored values', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Pages' })
    const page = await BrochurePage.create({
      brochureId: brochure.id,
      caption: 'One',
      status: 'published',
      reviewer: 'Ada',
      internalCode: 'IC-1',
      legacyRef: 'L-1',
    })
    const url = `/media/brochures/${brochure.id}/relations/pages/${page.id}`

    const saved = await send(client, admin, 'patch', url, {
      caption: 'Renamed',
      internalCode: 'forged',
      legacyRef: 'forged',
    })
    saved.assertStatus(200)
    await page.refresh()
    assert.deepEqual(
      [page.caption, page.internalCode, page.legacyRef, page.reviewer],
      ['Renamed', 'IC-1', 'L-1', 'Ada']
    )

    /* the stored status is published: emptying the reviewer is refused */
    const before = await snapshot(BrochurePage)
    const refused = await send(client, admin, 'patch', url, { reviewer: '' })
    refused.assertStatus(422)
    assert.deepEqual(errorsOf(refused), [['reviewer', 'required']])
    assert.deepEqual(await snapshot(BrochurePage), before)
  })
})

test.group('Relation managers | attach form field affordances', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('the attach form carries its affordances and the server enforces requiredWhen', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'labels.*')
    const post = await createPost(admin)
    const label = await createLabel()
    const base = `/admin/posts/${post.id}/relations/labels`

    const manager = await client.get(base).accept('json').loginAs(admin)
    manager.assertStatus(200)
    const [role] = manager.body().attach.fields
    assert.equal(role.name, 'role')
    assert.equal(role.helperText, 'What the label means on this post')
    assert.deepEqual(
      role.requiredWhen.map((condition: any) => condition.field),
      ['position']
    )

    const before = await relationSnapshot()
    const refused = await send(client, admin, 'post', `${base}/attach`, {
      record: label.id,
      position: '500',
      role: '',
    })
    refused.assertStatus(422)
    assert.deepEqual(errorsOf(refused), [['role', 'required']])
    assert.deepEqual(await relationSnapshot(), before)

    const attached = await send(client, admin, 'post', `${base}/attach`, {
      record: label.id,
      position: '500',
      role: 'lead',
    })
    attached.assertStatus(200)
    const rows = await pivotRows()
    assert.deepInclude(rows, {
      post_id: post.id,
      label_id: label.id,
      role: 'lead',
      position: 500,
      note: null,
    })
  })
})
