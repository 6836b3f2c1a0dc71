import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { Article, createArticle, createUser, withDatabase } from '../helpers.ts'
import Campaign from '../app/app/models/campaign.ts'
import {
  configureJobs,
  embeddedWorker,
  executeJob,
  jobOptions,
} from '../../src/runtime/jobs/job_runtime.ts'
import {
  claimJob,
  createJob,
  findJob,
  JOBS_TABLE,
  updateJob,
} from '../../src/runtime/jobs/job_store.ts'
import { waitForJob } from '../../src/runtime/jobs/job_waiting.ts'

function bulk(client: any, user: any, url: string, body: Record<string, any>) {
  return client.post(url).json(body).withCsrfToken().accept('json').loginAs(user)
}

async function jobCount() {
  const [row] = await db.from(JOBS_TABLE).count('* as total')
  return Number(row.total)
}

async function until(check: () => Promise<boolean>, message: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(message)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

test.group('Jobs | the panel answers while a job runs', (group) => {
  withDatabase(group)
  let settings: ReturnType<typeof jobOptions>
  group.each.setup(() => {
    settings = jobOptions()
    configureJobs({ ...settings, bulkQueueThreshold: 3 })
    return () => configureJobs(settings)
  })

  test('status requests sent while a bulk job runs are answered between its chunks, not after it', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const count = 1500
    for (let start = 0; start < count; start += 300) {
      await db.table('articles').multiInsert(
        Array.from({ length: Math.min(300, count - start) }, (_, index) => ({
          title: `Busy ${start + index}`,
          status: 'published',
          owner_id: owner.id,
        }))
      )
    }
    const response = await bulk(client, owner, '/admin/articles/bulk-actions/markDraft', {
      selectAll: true,
    })
    response.assertStatus(202)
    const statusUrl = response.body().job.statusUrl

    /* ask for the status again and again: each answer says where the job was */
    const answers: { status: string; processed: number }[] = []
    while (!answers.length || answers[answers.length - 1].status !== 'completed') {
      const status = await client.get(statusUrl).accept('json').loginAs(owner)
      status.assertStatus(200)
      answers.push({ status: status.body().status, processed: status.body().processed })
      assert.isBelow(answers.length, 100_000)
    }
    /* answered while it ran, at several points of its progress (a frozen panel
       answers once, when the job has finished) */
    const midway = answers.filter(
      (answer) => answer.status === 'running' && answer.processed < count
    )
    assert.isAtLeast(new Set(midway.map((answer) => answer.processed)).size, 2)
    const progress = answers.map((answer) => answer.processed)
    assert.deepEqual(
      progress,
      [...progress].sort((a, b) => a - b)
    )
    const job = await waitForJob(response.body().job.id)
    assert.equal(job.processed, count)
    assert.lengthOf(
      await Article.query().where('owner_id', owner.id).where('status', 'draft'),
      count
    )
  }).timeout(180_000)
})

test.group('Jobs | an identical request answers with the pending job', (group) => {
  withDatabase(group)
  let settings: ReturnType<typeof jobOptions>
  group.each.setup(() => {
    settings = jobOptions()
    /* a queue transport whose workers are busy: the jobs stay queued */
    configureJobs({
      ...settings,
      bulkQueueThreshold: 3,
      transport: 'queue',
      enqueue: async () => {},
    })
    return () => configureJobs(settings)
  })

  test('the same user, resource, action, selection and data: the same job; anything else: its own', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const other = await createUser()
    const articles = []
    for (let index = 0; index < 5; index++) {
      articles.push(await createArticle(owner, { status: 'published' }))
    }
    const keys = articles.map((article) => article.id)
    const url = '/admin/articles/bulk-actions/markDraft'
    const before = await jobCount()

    const first = await bulk(client, owner, url, { records: keys })
    first.assertStatus(202)
    const id = first.body().job.id
    /* the same selection in another order, the keys as strings: identical */
    const again = await bulk(client, owner, url, { records: [...keys].reverse().map(String) })
    again.assertStatus(202)
    assert.equal(again.body().job.id, id)
    assert.equal(again.body().job.status, 'queued')
    assert.equal(await jobCount(), before + 1)

    /* another selection, or query-wide: another job */
    const fewer = await bulk(client, owner, url, { records: keys.slice(1) })
    fewer.assertStatus(202)
    assert.notEqual(fewer.body().job.id, id)
    const everything = await bulk(client, owner, url, { selectAll: true })
    everything.assertStatus(202)
    assert.notEqual(everything.body().job.id, id)
    /* another user's identical request is their own job */
    const theirs = []
    for (let index = 0; index < 4; index++) {
      theirs.push(await createArticle(other, { status: 'published' }))
    }
    const fromOther = await bulk(client, other, url, { selectAll: true })
    fromOther.assertStatus(202)
    assert.notEqual(fromOther.body().job.id, everything.body().job.id)
    assert.equal(await jobCount(), before + 4)

    /* two identical requests at the same moment: one job */
    const [left, right] = await Promise.all([
      bulk(client, other, url, { records: theirs.map((article) => article.id) }),
      bulk(client, other, url, { records: theirs.map((article) => article.id) }),
    ])
    left.assertStatus(202)
    right.assertStatus(202)
    assert.equal(left.body().job.id, right.body().job.id)
    assert.equal(await jobCount(), before + 5)

    /* once it has ended, the same request starts a new job */
    const done = await waitForJob(id)
    assert.equal(done.status, 'completed', done.error ?? '')
    const later = await bulk(client, owner, url, { records: keys })
    later.assertStatus(202)
    assert.notEqual(later.body().job.id, id)
  })

  test('the action form data is part of the request: other data, another job', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const campaigns = []
    for (let index = 0; index < 4; index++) {
      campaigns.push(
        await Campaign.create({
          name: `Same ${index}`,
          channel: 'email',
          budget: 1,
          status: 'draft',
        })
      )
    }
    const records = campaigns.map((campaign) => campaign.id)
    const url = '/marketing/campaigns/bulk-actions/setBudget'
    const first = await bulk(client, admin, url, { records, data: { budget: 5 } })
    const same = await bulk(client, admin, url, { data: { budget: 5 }, records })
    const other = await bulk(client, admin, url, { records, data: { budget: 6 } })
    for (const response of [first, same, other]) response.assertStatus(202)
    assert.equal(same.body().job.id, first.body().job.id)
    assert.notEqual(other.body().job.id, first.body().job.id)
  })
})

test.group('Jobs | recovery while the process runs', (group) => {
  withDatabase(group)
  let settings: ReturnType<typeof jobOptions>
  group.each.setup(() => {
    settings = jobOptions()
    /* a window of seconds: MySQL timestamps hold whole seconds */
    configureJobs({ ...settings, heartbeatMs: 500, staleAfterMs: 2500, recoverEveryMs: 50 })
    return () => {
      embeddedWorker.stop()
      configureJobs(settings)
    }
  })

  test('a job whose worker beats is left alone; once its heartbeat is stale it says stalled and is taken over, from its cursor', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const articles = []
    for (let index = 0; index < 6; index++) {
      articles.push(await createArticle(owner, { status: 'published' }))
    }
    const job = await createJob({
      kind: 'bulk',
      userId: String(owner.id),
      panel: 'admin',
      mount: 'kit.admin.articles.index',
      tenantKey: null,
      payload: { action: 'markDraft', input: { selectAll: true } },
    })
    /* another live worker claimed it and applied the first three records */
    const claim = await claimJob(job.id, new Date(Date.now() - 2500))
    assert.equal(claim, 1)
    for (const article of articles.slice(0, 3)) {
      article.status = 'draft'
      await article.save()
    }
    await updateJob(job.id, {
      total: 6,
      processed: 3,
      cursor: JSON.stringify(articles[2].id),
      heartbeatAt: new Date(),
    })
    /* a second claim loses while the first worker beats */
    assert.isNull(await claimJob(job.id, new Date(Date.now() - 2500)))
    assert.isFalse(await executeJob(job.id))

    embeddedWorker.start()
    const statusUrl = `/admin/_kit/jobs/${job.id}`
    const beats = setInterval(
      () => updateJob(job.id, { heartbeatAt: new Date() }, undefined, 1),
      200
    )
    try {
      /* several recovery rounds while it beats: nobody takes it */
      await new Promise((resolve) => setTimeout(resolve, 3500))
      assert.equal((await findJob(job.id))!.attempts, 1)
      const running = await client.get(statusUrl).accept('json').loginAs(owner)
      assert.equal(running.body().status, 'running')
    } finally {
      clearInterval(beats)
    }

    /* its worker died: stalled until the recovery takes it over */
    embeddedWorker.stop()
    await until(async () => {
      const stalled = await client.get(statusUrl).accept('json').loginAs(owner)
      return stalled.body().status === 'stalled'
    }, 'the status never said stalled')
    const stalled = await client.get(statusUrl).accept('json').loginAs(owner)
    assert.equal(
      stalled.body().message,
      'Stalled at 3 of 6: its worker stopped, it resumes when a worker takes it over'
    )
    /* the dead worker's late write is refused once another took it over */
    embeddedWorker.start()
    const done = await waitForJob(job.id)
    assert.equal(done.status, 'completed', done.error ?? '')
    assert.equal(done.attempts, 2)
    assert.equal(done.processed, 6)
    assert.isFalse(await updateJob(job.id, { processed: 99 }, undefined, 1))
    assert.equal((await findJob(job.id))!.processed, 6)
    for (const article of articles) {
      await article.refresh()
      assert.equal(article.status, 'draft')
    }
  }).timeout(60_000)

  test('a job just queued is left to the process that queued it; one queued longer than the window is taken', async ({
    assert,
  }) => {
    const owner = await createUser()
    const article = await createArticle(owner, { status: 'published' })
    const job = await createJob({
      kind: 'bulk',
      userId: String(owner.id),
      panel: 'admin',
      mount: 'kit.admin.articles.index',
      tenantKey: null,
      payload: { action: 'markDraft', input: { selectAll: true } },
    })
    embeddedWorker.start()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const waiting = (await findJob(job.id))!
    assert.equal(waiting.status, 'queued')
    assert.equal(waiting.attempts, 0)
    await until(async () => {
      const current = await findJob(job.id)
      return current?.status === 'completed'
    }, 'never taken')
    assert.equal((await findJob(job.id))!.attempts, 1)
    await article.refresh()
    assert.equal(article.status, 'draft')
  }).timeout(60_000)
})

test.group('Jobs | the stalled status', (group) => {
  withDatabase(group)

  test("a running job without a recent heartbeat says stalled, in the route's language", async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const job = await createJob({
      kind: 'bulk',
      userId: String(owner.id),
      panel: null,
      mount: 'fr.tags.index',
      tenantKey: null,
      payload: { action: 'markDraft', input: { selectAll: true } },
    })
    await claimJob(job.id, new Date())
    await updateJob(job.id, { total: 20, processed: 6, heartbeatAt: new Date() })
    const read = async (prefix: string, user = owner) => {
      const response = await client
        .get(`${prefix}/_kit/jobs/${job.id}`)
        .accept('json')
        .loginAs(user)
      return response
    }
    /* beating: running */
    const running = await read('/manage')
    running.assertStatus(200)
    assert.equal(running.body().status, 'running')
    assert.equal(running.body().message, 'Working… 6 of 20')

    /* its heartbeat is older than the staleness window (15 s by default) */
    await updateJob(job.id, { heartbeatAt: new Date(Date.now() - 16_000) })
    const english = await read('/manage')
    assert.equal(english.body().status, 'stalled')
    assert.equal(
      english.body().message,
      'Stalled at 6 of 20: its worker stopped, it resumes when a worker takes it over'
    )
    const french = await read('/fr')
    assert.equal(french.body().status, 'stalled')
    assert.equal(
      french.body().message,
      'Bloqué à 6 sur 20 : son processus s’est arrêté, il reprendra dès qu’un autre le prendra en charge'
    )
    /* another user's job stays unknown */
    const other = await createUser()
    const hidden = await read('/manage', other)
    hidden.assertStatus(404)
  })
})
