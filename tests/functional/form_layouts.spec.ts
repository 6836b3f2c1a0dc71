import { test } from '@japa/runner'
import Campaign from '../app/app/models/campaign.ts'
import CampaignResource from '../app/app/resources/campaign_resource.ts'
import { kit } from '../../src/testing/japa_plugin.ts'
import { createUser, snapshot, withDatabase, versionedBody } from '../helpers.ts'

/* a row action sends the version its row was drawn with */
async function post(client: any, user: any, url: string, body: Record<string, unknown>) {
  return client
    .post(url)
    .json(await versionedBody(url, body))
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

function createCampaign(attributes: Partial<Campaign> = {}) {
  return Campaign.create({
    name: 'Spring',
    channel: 'email',
    budget: 100,
    status: 'draft',
    ...attributes,
  })
}

const valid = {
  name: 'Launch',
  channel: 'social',
  budget: 500,
  milestones: [
    { title: 'Brief', done: true },
    { title: 'Assets', done: false },
  ],
}

test.group('Form layouts | the layout tree', (group) => {
  withDatabase(group)

  test('the form contract carries the fields as leaves and the layout tree', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await client.get('/marketing/campaigns/create').withInertia().loginAs(admin)
    response.assertStatus(200)
    const form = response.inertiaProps.form
    assert.deepEqual(
      form.fields.map((field: any) => field.name),
      ['name', 'channel', 'budget', 'milestones']
    )
    assert.deepEqual(form.values.milestones, [])
    const [wizard] = form.layout
    assert.equal(wizard.kind, 'wizard')
    assert.equal(wizard.stepParameter, '_kit_step')
    assert.deepEqual(
      wizard.steps.map((step: any) => step.label),
      ['Details', 'Budget', 'Plan']
    )
    const section = wizard.steps[0].children[0]
    assert.containsSubset(section, {
      kind: 'section',
      heading: 'Identity',
      description: 'How the campaign is named',
      collapsible: true,
      collapsed: false,
    })
    assert.deepEqual(section.children[0], {
      kind: 'grid',
      columns: 3,
      columnSpan: null,
      children: [
        { kind: 'field', name: 'name', columnSpan: 2 },
        { kind: 'field', name: 'channel', columnSpan: null },
      ],
    })
    assert.equal(wizard.steps[1].children[0].kind, 'fieldset')
    assert.equal(wizard.steps[2].children[0].kind, 'tabs')
    const repeater = form.fields.find((field: any) => field.name === 'milestones')
    assert.containsSubset(repeater, { type: 'repeater', reorderable: true, maxItems: 100 })
    assert.deepEqual(
      repeater.fields.map((field: any) => field.name),
      ['title', 'done']
    )
  })
})

test.group('Form layouts | wizard steps', (group) => {
  withDatabase(group)

  test('a step check validates the steps so far and writes nothing', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })

    /* step 0 with a bad name: only its errors */
    const refused = await post(client, admin, '/marketing/campaigns', { _kit_step: 0, name: 'x' })
    refused.assertStatus(422)
    const fields = refused
      .body()
      .errors.map((error: any) => error.field)
      .sort()
    assert.deepEqual(fields, ['channel', 'name'])

    /* step 0 passes without the budget of step 1 */
    const passed = await post(client, admin, '/marketing/campaigns', {
      _kit_step: 0,
      name: 'Launch',
      channel: 'email',
    })
    passed.assertStatus(200)
    passed.assertBody({ ok: true, step: 0 })

    /* step 1 validates steps 0 and 1 */
    const second = await post(client, admin, '/marketing/campaigns', {
      _kit_step: 1,
      name: 'Launch',
      channel: 'email',
    })
    second.assertStatus(422)
    assert.deepEqual(
      second.body().errors.map((error: any) => error.field),
      ['budget']
    )
    assert.equal(
      await Campaign.query()
        .count('* as total')
        .then((rows: any) => Number(rows[0].$extras.total)),
      0
    )
  })

  test("a submit skipping a step is refused with that step's errors; rows unchanged", async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await createCampaign()
    const before = await snapshot(Campaign)

    const response = await post(client, admin, '/marketing/campaigns', {
      name: 'Launch',
      channel: 'email',
      milestones: [],
    })
    response.assertStatus(422)
    assert.deepEqual(
      response.body().errors.map((error: any) => error.field),
      ['budget']
    )
    assert.deepEqual(await snapshot(Campaign), before)
  })

  test('a step check is authorized before its input is read', async ({ client, assert }) => {
    const user = await createUser({ isAdmin: false })
    const response = await post(client, user, '/marketing/campaigns', { _kit_step: 0, name: 'x' })
    response.assertStatus(403)
    assert.lengthOf(await Campaign.all(), 0)
  })

  test('a step check on the edit form resolves the record and writes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const campaign = await createCampaign()
    const before = await snapshot(Campaign)
    const response = await client
      .patch(`/marketing/campaigns/${campaign.id}`)
      .json(
        await versionedBody(`/marketing/campaigns/${campaign.id}`, {
          _kit_step: 1,
          name: 'Renamed',
          channel: 'print',
          budget: 0,
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(422)
    assert.deepEqual(
      response.body().errors.map((error: any) => error.field),
      ['budget']
    )
    const ok = await client
      .patch(`/marketing/campaigns/${campaign.id}`)
      .json(
        await versionedBody(`/marketing/campaigns/${campaign.id}`, {
          _kit_step: 0,
          name: 'Renamed',
          channel: 'print',
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    ok.assertBody({ ok: true, step: 0 })
    assert.deepEqual(await snapshot(Campaign), before)
  })

  test('the final submit validates everything and writes the repeater as JSON', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const response = await post(client, admin, '/marketing/campaigns', valid)
    response.assertStatus(201)
    const [campaign] = await Campaign.all()
    assert.equal(campaign.name, 'Launch')
    assert.equal(campaign.budget, 500)
    assert.deepEqual(JSON.parse(campaign.milestones!), valid.milestones)

    /* the edit form reads the items back */
    const edit = await client
      .get(`/marketing/campaigns/${campaign.id}/edit`)
      .withInertia()
      .loginAs(admin)
    assert.deepEqual(edit.inertiaProps.form.values.milestones, valid.milestones)
    assert.deepEqual(edit.inertiaProps.form.original.milestones, valid.milestones)
  })
})

test.group('Form layouts | repeater', (group) => {
  withDatabase(group)

  test('an invalid item answers per-item errors and writes nothing', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const campaign = await createCampaign({ milestones: JSON.stringify([{ title: 'Kept' }]) })
    const before = await snapshot(Campaign)

    const response = await client
      .patch(`/marketing/campaigns/${campaign.id}`)
      .json(
        await versionedBody(`/marketing/campaigns/${campaign.id}`, {
          ...valid,
          milestones: [{ title: 'Good' }, { title: 'Fine' }, { title: 'x' }],
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(422)
    assert.deepEqual(
      response.body().errors.map((error: any) => error.field),
      ['milestones.2.title']
    )

    const notList = await client
      .patch(`/marketing/campaigns/${campaign.id}`)
      .json(
        await versionedBody(`/marketing/campaigns/${campaign.id}`, { ...valid, milestones: 'nope' })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    notList.assertStatus(422)
    assert.deepEqual(await snapshot(Campaign), before)
  })

  test('reordered and removed items are written as submitted; unknown keys dropped', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const campaign = await createCampaign({
      milestones: JSON.stringify([{ title: 'One' }, { title: 'Two' }, { title: 'Three' }]),
    })
    const response = await client
      .patch(`/marketing/campaigns/${campaign.id}`)
      .json(
        await versionedBody(`/marketing/campaigns/${campaign.id}`, {
          ...valid,
          milestones: [
            { title: 'Three', evil: '<script>' },
            { title: 'One', done: true },
          ],
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(200)
    await campaign.refresh()
    assert.deepEqual(JSON.parse(campaign.milestones!), [
      { title: 'Three' },
      { title: 'One', done: true },
    ])
  })

  test('a stale edit form never undoes items changed since it was loaded', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const campaign = await createCampaign({ milestones: JSON.stringify([{ title: 'Newer' }]) })
    const response = await client
      .patch(`/marketing/campaigns/${campaign.id}`)
      .json(
        await versionedBody(`/marketing/campaigns/${campaign.id}`, {
          ...valid,
          milestones: [{ title: 'Older' }],
          _kit_original: { milestones: [{ title: 'Older' }] },
        })
      )
      .withCsrfToken()
      .accept('json')
      .loginAs(admin)
    response.assertStatus(200)
    await campaign.refresh()
    assert.deepEqual(JSON.parse(campaign.milestones!), [{ title: 'Newer' }])
  })
})

test.group('Form layouts | action forms', (group) => {
  withDatabase(group)

  test('actions describe their forms', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    await createCampaign()
    const response = await client.get('/marketing/campaigns').withInertia().loginAs(admin)
    const table = response.inertiaProps.table
    const reschedule = table.actions.find((action: any) => action.name === 'reschedule')
    assert.deepEqual(
      reschedule.form.fields.map((field: any) => field.name),
      ['status', 'note']
    )
    assert.deepEqual(reschedule.form.values, { status: null, note: null })
    assert.equal(reschedule.form.layout[0].kind, 'grid')
    const bulk = table.bulkActions.find((action: any) => action.name === 'setBudget')
    assert.deepEqual(
      bulk.form.fields.map((field: any) => field.name),
      ['budget']
    )
  })

  test('a row action validates its form before it runs and receives the data', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const campaign = await createCampaign()
    const before = await snapshot(Campaign)

    const refused = await post(
      client,
      admin,
      `/marketing/campaigns/${campaign.id}/actions/reschedule`,
      {
        status: 'launched',
        note: 'x',
      }
    )
    refused.assertStatus(422)
    assert.deepEqual(
      refused
        .body()
        .errors.map((error: any) => error.field)
        .sort(),
      ['note', 'status']
    )
    assert.deepEqual(await snapshot(Campaign), before)

    const done = await post(
      client,
      admin,
      `/marketing/campaigns/${campaign.id}/actions/reschedule`,
      {
        status: 'scheduled',
        note: 'Next week',
        name: 'Not written',
      }
    )
    done.assertStatus(200)
    await campaign.refresh()
    assert.equal(campaign.status, 'scheduled')
    assert.equal(campaign.note, 'Next week')
    assert.equal(campaign.name, 'Spring')
  })

  test('authorization comes before validation', async ({ client, assert }) => {
    const user = await createUser({ isAdmin: false })
    const campaign = await createCampaign()
    const before = await snapshot(Campaign)
    const response = await post(
      client,
      user,
      `/marketing/campaigns/${campaign.id}/actions/reschedule`,
      { status: 'nope' }
    )
    response.assertStatus(403)
    assert.deepEqual(await snapshot(Campaign), before)
  })

  test('a bulk action validates its form data before any record is touched', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const one = await createCampaign({ name: 'One' })
    const two = await createCampaign({ name: 'Two' })
    const before = await snapshot(Campaign)

    const refused = await post(client, admin, '/marketing/campaigns/bulk-actions/setBudget', {
      records: [one.id, two.id],
      data: { budget: -5 },
    })
    refused.assertStatus(422)
    assert.deepEqual(
      refused.body().errors.map((error: any) => error.field),
      ['budget']
    )
    assert.deepEqual(await snapshot(Campaign), before)

    const done = await post(client, admin, '/marketing/campaigns/bulk-actions/setBudget', {
      records: [one.id, two.id],
      data: { budget: 750 },
    })
    done.assertStatus(200)
    done.assertBodyContains({ affected: 2, refused: 0 })
    await one.refresh()
    await two.refresh()
    assert.equal(one.budget, 750)
    assert.equal(two.budget, 750)
  })
})

test.group('Form layouts | kit() driver', (group) => {
  withDatabase(group)

  test('goToWizardStep checks the steps before it; fillRepeaterItem fills items', async ({
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    await kit(CampaignResource, { user: admin })
      .fillForm({ name: 'x' })
      .goToWizardStep(1)
      .assertHasFormErrors({ name: 'minLength', channel: 'required' })
    await kit(CampaignResource, { user: admin })
      .fillForm({ name: 'Launch', channel: 'email' })
      .goToWizardStep(1)
      .assertHasNoFormErrors()
      .goToWizardStep(2)
      .assertHasFormErrors(['budget'])
    assert.lengthOf(await Campaign.all(), 0)

    await kit(CampaignResource, { user: admin })
      .fillForm({ name: 'Launch', channel: 'email', budget: 10 })
      .fillRepeaterItem('milestones', 1, { title: 'x' })
      .call('create')
      .assertHasFormErrors({ 'milestones.0.title': 'required', 'milestones.1.title': 'minLength' })
    assert.lengthOf(await Campaign.all(), 0)

    await kit(CampaignResource, { user: admin })
      .fillForm({ name: 'Launch', channel: 'email', budget: 10 })
      .fillRepeaterItem('milestones', 0, { title: 'Kickoff' })
      .fillRepeaterItem('milestones', 1, { title: 'Review', done: true })
      .call('create')
      .assertHasNoFormErrors()
    const [campaign] = await Campaign.all()
    assert.deepEqual(JSON.parse(campaign.milestones!), [
      { title: 'Kickoff', done: false },
      { title: 'Review', done: true },
    ])

    /* on the edit form, items start from the record's */
    await kit(CampaignResource, { user: admin })
      .forEdit(campaign)
      .fillRepeaterItem('milestones', 1, { title: 'Final review' })
      .call('save')
      .assertHasNoFormErrors()
    await campaign.refresh()
    assert.deepEqual(JSON.parse(campaign.milestones!), [
      { title: 'Kickoff', done: false },
      { title: 'Final review', done: true },
    ])
  })

  test('callTableAction and callTableBulkAction with form data', async ({ assert }) => {
    const admin = await createUser({ isAdmin: true })
    const campaign = await createCampaign()
    const before = await snapshot(Campaign)
    await kit(CampaignResource, { user: admin })
      .callTableAction('reschedule', campaign, { status: 'launched', note: 'x' })
      .assertHasActionFormErrors({ status: 'enum', note: 'minLength' })
    assert.deepEqual(await snapshot(Campaign), before)

    await kit(CampaignResource, { user: admin })
      .callTableAction('reschedule', campaign, { status: 'sent', note: 'All done' })
      .assertTableActionSucceeded()
    await campaign.refresh()
    assert.equal(campaign.status, 'sent')

    await kit(CampaignResource, { user: admin })
      .selectTableRecords([campaign])
      .callTableBulkAction('setBudget', { budget: 0 })
      .assertHasActionFormErrors(['budget'])
    await campaign.refresh()
    assert.equal(campaign.budget, 100)
    await kit(CampaignResource, { user: admin })
      .selectTableRecords([campaign])
      .callTableBulkAction('setBudget', { budget: 900 })
      .assertTableActionSucceeded()
    await campaign.refresh()
    assert.equal(campaign.budget, 900)
  })
})

test.group('Form layouts | infolist', (group) => {
  withDatabase(group)

  test('the view page carries the entries and their layout', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const campaign = await createCampaign({ name: 'Shown', budget: 42, status: 'sent' })
    const response = await client
      .get(`/marketing/campaigns/${campaign.id}`)
      .withInertia()
      .loginAs(admin)
    response.assertStatus(200)
    const infolist = response.inertiaProps.infolist
    assert.deepEqual(
      infolist.entries.map((entry: any) => [entry.name, entry.value]),
      [
        ['name', 'Shown'],
        ['budget', 42],
        ['status', 'sent'],
      ]
    )
    assert.deepEqual(infolist.layout, [
      {
        kind: 'section',
        heading: 'Campaign',
        description: null,
        collapsible: false,
        collapsed: false,
        columns: null,
        columnSpan: null,
        children: [
          {
            kind: 'grid',
            columns: 2,
            columnSpan: null,
            children: [
              { kind: 'field', name: 'name', columnSpan: 'full' },
              { kind: 'field', name: 'budget', columnSpan: null },
            ],
          },
        ],
      },
      {
        kind: 'tabs',
        columnSpan: null,
        tabs: [
          {
            label: 'Status',
            description: null,
            columns: null,
            children: [{ kind: 'field', name: 'status', columnSpan: null }],
          },
        ],
      },
    ])
  })
})
