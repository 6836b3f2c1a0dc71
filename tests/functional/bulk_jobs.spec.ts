import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { Article, createArticle, createUser, withDatabase } from '../helpers.ts'
import Campaign from '../app/app/models/campaign.ts'
import { configureJobs, jobOptions } from '../../src/runtime/jobs/job_runtime.ts'
import { JOBS_TABLE } from '../../src/runtime/jobs/job_store.ts'
import { waitForJob } from '../../src/runtime/jobs/job_waiting.ts'

function bulk(client: any, user: any, name: string, body: Record<string, any>) {
  return client
    .post(`/admin/articles/bulk-actions/${name}`)
    .json(body)
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

test.group('Bulk actions | as jobs over the threshold', (group) => {
  /* the embedded worker runs the jobs; waitForJob allows them 60 s */
  group.each.timeout(90_000)
  withDatabase(group)
  let settings: ReturnType<typeof jobOptions>
  group.each.setup(() => {
    settings = jobOptions()
    configureJobs({ ...settings, bulkQueueThreshold: 3 })
    return () => configureJobs(settings)
  })

  test('query-wide over the threshold: a job with progress, the same per-record authorization', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const mine = []
    for (let index = 0; index < 4; index++) {
      mine.push(await createArticle(owner, { status: 'published' }))
    }
    const theirs = await createArticle(other, { status: 'published' })

    const response = await bulk(client, owner, 'markDraft', { selectAll: true })
    response.assertStatus(202)
    assert.equal(response.body().job.kind, 'bulk')
    const job = await waitForJob(response.body().job.id)
    assert.equal(job.status, 'completed', job.error ?? '')
    assert.equal(job.total, 5)
    assert.equal(job.processed, 4)
    assert.equal(job.failed, 1)
    assert.deepEqual(job.result, { action: 'markDraft', affected: 4, refused: 1 })

    for (const article of mine) {
      await article.refresh()
      assert.equal(article.status, 'draft')
    }
    await theirs.refresh()
    assert.equal(theirs.status, 'published')

    const status = await client.get(response.body().job.statusUrl).accept('json').loginAs(owner)
    status.assertStatus(200)
    assert.equal(status.body().percent, 100)
    const asOther = await client.get(response.body().job.statusUrl).accept('json').loginAs(other)
    asOther.assertStatus(404)
  })

  test('at or under the threshold, or a selection, it stays in the request', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const articles = []
    for (let index = 0; index < 3; index++) {
      articles.push(await createArticle(owner, { status: 'published' }))
    }
    const response = await bulk(client, owner, 'markDraft', { selectAll: true })
    response.assertStatus(200)
    response.assertBodyContains({ affected: 3, refused: 0 })
    await createArticle(owner, { status: 'published' })
    const selected = await bulk(client, owner, 'markDraft', {
      records: articles.map((article) => article.id),
    })
    selected.assertStatus(200)
    assert.lengthOf(await Article.query().where('status', 'draft'), 3)
  })

  test('a selection over the threshold: 202 and a job over exactly the selected records', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const articles = []
    for (let index = 0; index < 6; index++) {
      articles.push(await createArticle(owner, { status: 'published' }))
    }
    const [left, ...selected] = articles

    const response = await bulk(client, owner, 'markDraft', {
      records: selected.map((article) => article.id),
    })
    response.assertStatus(202)
    assert.equal(response.body().job.kind, 'bulk')
    assert.match(response.body().job.statusUrl, /^\/admin\/_kit\/jobs\//)
    const job = await waitForJob(response.body().job.id)
    assert.equal(job.status, 'completed', job.error ?? '')
    assert.equal(job.total, 5)
    assert.equal(job.processed, 5)
    assert.deepEqual(job.result, { action: 'markDraft', affected: 5, refused: 0 })
    for (const article of selected) {
      await article.refresh()
      assert.equal(article.status, 'draft')
    }
    await left.refresh()
    assert.equal(left.status, 'published')

    /* only the keys of records in the table count: two of the owner's, one of
       another's (refused by the action), one that does not exist */
    const other = await createUser()
    const theirs = await createArticle(other, { status: 'published' })
    const mixed = await bulk(client, owner, 'markDraft', {
      records: [...selected.slice(0, 2).map((article) => article.id), theirs.id, 999_999],
    })
    mixed.assertStatus(200)
    mixed.assertBodyContains({ affected: 2, refused: 1 })
  })

  test('a bulk action with a form over the threshold: data refused in the request, else a job applies it', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const campaigns = []
    for (let index = 0; index < 4; index++) {
      campaigns.push(
        await Campaign.create({
          name: `Bulk ${index}`,
          channel: 'email',
          budget: 100,
          status: 'draft',
        })
      )
    }
    const post = (body: Record<string, unknown>) =>
      client
        .post('/marketing/campaigns/bulk-actions/setBudget')
        .json(body)
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
    const jobsBefore = await db.from(JOBS_TABLE).count('* as total')

    const refused = await post({
      records: campaigns.map((campaign) => campaign.id),
      data: { budget: -5 },
    })
    refused.assertStatus(422)
    assert.deepEqual(
      refused.body().errors.map((error: any) => error.field),
      ['budget']
    )
    const jobsAfter = await db.from(JOBS_TABLE).count('* as total')
    assert.equal(Number(jobsAfter[0].total), Number(jobsBefore[0].total))

    const selection = await post({
      records: campaigns.map((campaign) => campaign.id),
      data: { budget: 750 },
    })
    selection.assertStatus(202)
    const job = await waitForJob(selection.body().job.id)
    assert.equal(job.status, 'completed', job.error ?? '')
    assert.deepEqual(job.result, { action: 'setBudget', affected: 4, refused: 0 })
    /* the job holds the data its form's fields accepted, never the raw data */
    const payload = job.payload as { input: Record<string, unknown>; data: unknown }
    assert.isNull(payload.input.data)
    assert.deepEqual(payload.data, { budget: 750 })
    for (const campaign of campaigns) {
      await campaign.refresh()
      assert.equal(campaign.budget, 750)
    }

    const everything = await post({ selectAll: true, data: { budget: 320 } })
    everything.assertStatus(202)
    const all = await waitForJob(everything.body().job.id)
    assert.equal(all.status, 'completed', all.error ?? '')
    const budgets = await Campaign.query().whereIn(
      'id',
      campaigns.map((campaign) => campaign.id)
    )
    assert.deepEqual(
      budgets.map((campaign) => campaign.budget),
      [320, 320, 320, 320]
    )
  })

  test("through Inertia (the renderers' form and selection posts): a redirect, and the list page brings the job to follow", async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const campaigns = []
    for (let index = 0; index < 4; index++) {
      campaigns.push(
        await Campaign.create({
          name: `Inertia ${index}`,
          channel: 'email',
          budget: 100,
          status: 'draft',
        })
      )
    }
    const listUrl = '/marketing/campaigns'
    const response = await client
      .post('/marketing/campaigns/bulk-actions/setBudget')
      .json({ records: campaigns.map((campaign) => campaign.id), data: { budget: 640 } })
      .header('referer', listUrl)
      .withCsrfToken()
      .withInertia()
      .loginAs(admin)
      .redirects(0)
    response.assertStatus(302)
    assert.equal(response.header('location'), listUrl)
    const flashed: any = response.flashMessages()
    assert.isString(flashed.success)
    const flashedJob = flashed.kitJob
    assert.equal(flashedJob.kind, 'bulk')

    const page = await client
      .get(listUrl)
      .withFlashMessages({ kitJob: flashedJob })
      .withInertia()
      .loginAs(admin)
    page.assertStatus(200)
    assert.equal(page.inertiaProps.job.id, flashedJob.id)
    assert.equal(page.inertiaProps.job.statusUrl, `/marketing/_kit/jobs/${flashedJob.id}`)
    /* a forged flash value is no job */
    const forged = await client
      .get(listUrl)
      .withFlashMessages({ kitJob: 'nope' })
      .withInertia()
      .loginAs(admin)
    assert.notProperty(forged.inertiaProps, 'job')

    const job = await waitForJob(flashedJob.id)
    assert.equal(job.status, 'completed', job.error ?? '')
    for (const campaign of campaigns) {
      await campaign.refresh()
      assert.equal(campaign.budget, 640)
    }
  })
})
