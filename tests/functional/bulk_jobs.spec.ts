import { test } from '@japa/runner'
import { Article, createArticle, createUser, withDatabase } from '../helpers.ts'
import { configureJobs, jobOptions } from '../../src/runtime/jobs/job_runtime.ts'
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
})
