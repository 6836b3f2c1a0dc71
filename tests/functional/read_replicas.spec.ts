import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Knex } from 'knex'
import { Article, Post, createUser, versionedBody } from '../helpers.ts'
import { configureJobs, jobOptions } from '../../src/runtime/jobs/job_runtime.ts'
import { JOBS_TABLE } from '../../src/runtime/jobs/job_store.ts'
import { waitForJob } from '../../src/runtime/jobs/job_waiting.ts'

/*
 * Lucid read replicas (PostgreSQL and MariaDB: Lucid runs SQLite without
 * replicas): a connection whose reads go to a replica and whose
 * writes go to the primary. The posts resource's model is put on such a
 * connection (its read replica is a second pool on the same database, so
 * the data is the same and only the routing is observed): every statement
 * is recorded with the pool that ran it. A read that follows a write of
 * the same request must run on the primary (a replica may not have the
 * write yet).
 */

const CONNECTION = 'kit_replicated'
/* the tables the test app's audit writes to on every mutation */
const AUDIT_TABLES = ['audit_logs', 'kit_audit_entries']
const SQLITE = (process.env.DB_CONNECTION ?? 'sqlite') === 'sqlite'
const NO_REPLICAS = 'Lucid runs SQLite without read replicas (DB_CONNECTION=pg or mysql)'

type Statement = { pool: 'primary' | 'replica'; sql: string }

/* the ids of the database connections each pool handed out */
const handedOut = { primary: new Set<string>(), replica: new Set<string>() }

/**
 * Count on a pool: remember the id of every connection it hands out.
 */
function watchPool(pool: Knex, ids: Set<string>) {
  const knexClient = pool.client as any
  const acquire = knexClient.acquireConnection.bind(knexClient)
  knexClient.acquireConnection = async () => {
    const connection = await acquire()
    ids.add(connection.__knexUid)
    return connection
  }
}

function replicated() {
  if (!db.manager.has(CONNECTION)) {
    const primary = db.manager.get(db.primaryConnectionName)!.config
    db.manager.add(CONNECTION, {
      ...primary,
      replicas: {
        read: { connection: [primary.connection as any] },
        write: { connection: primary.connection as any },
      },
    } as any)
    db.manager.connect(CONNECTION)
    const connection = db.manager.get(CONNECTION)!.connection!
    watchPool(connection.client!, handedOut.primary)
    watchPool(connection.readClient!, handedOut.replica)
  }
  const connection = db.manager.get(CONNECTION)!.connection!
  return [connection.client!, connection.readClient!]
}

/**
 * The statements a callback runs on the replicated connection, each with
 * the pool of the database connection it ran on.
 */
async function record(callback: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = []
  const seen = new Set<string>()
  const listener = (query: { sql: string; __knexUid: string; __knexQueryUid: string }) => {
    if (seen.has(query.__knexQueryUid)) return
    seen.add(query.__knexQueryUid)
    const pool = handedOut.replica.has(query.__knexUid)
      ? 'replica'
      : handedOut.primary.has(query.__knexUid)
        ? 'primary'
        : null
    if (!pool) throw new Error(`a statement on no known pool: ${query.sql}`)
    statements.push({ pool, sql: query.sql.toLowerCase() })
  }
  const pools = replicated()
  pools.forEach((pool) => pool.on('query', listener))
  try {
    await callback()
  } finally {
    pools.forEach((pool) => pool.off('query', listener))
  }
  return statements
}

function reads(statements: Statement[]) {
  return statements.filter((statement) => statement.sql.startsWith('select'))
}

test.group('Read replicas | reads after a write go to the primary', (group) => {
  /* committed writes: the replicated connection's pools are not in a test transaction */
  const cleanup: (() => Promise<unknown>)[] = []
  let settings: ReturnType<typeof jobOptions>
  group.each.setup(async () => {
    /* the audit rows the requests commit go with the test */
    for (const table of AUDIT_TABLES) {
      const [{ top }] = await db.from(table).max('id as top')
      cleanup.push(() =>
        db
          .from(table)
          .where('id', '>', Number(top ?? 0))
          .delete()
      )
    }
    const connections = [Post.connection, Article.connection]
    Post.connection = CONNECTION
    Article.connection = CONNECTION
    settings = jobOptions()
    return async () => {
      ;[Post.connection, Article.connection] = connections
      configureJobs(settings)
      for (const step of cleanup.splice(0).reverse()) await step()
    }
  })
  group.teardown(async () => {
    if (db.manager.has(CONNECTION)) {
      await db.manager.close(CONNECTION)
    }
  })

  test('a page reads from the replica', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    cleanup.push(() => admin.delete())
    const statements = await record(async () => {
      const list = await client.get('/admin/posts').withInertia().loginAs(admin)
      list.assertStatus(200)
    })
    assert.isNotEmpty(reads(statements))
    assert.deepEqual(
      statements.filter((statement) => statement.pool !== 'replica'),
      [],
      JSON.stringify(statements)
    )
  }).skip(SQLITE, NO_REPLICAS)

  test('create, update, delete: every statement on the primary, the record lookup too', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    cleanup.push(() => admin.delete())
    cleanup.push(() => Post.query().where('author_id', admin.id).delete())

    const created = await record(async () => {
      const response = await client
        .post('/admin/posts')
        .json({ title: 'Replicated', body: 'b', status: 'draft' })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(201)
    })
    const post = await Post.query().where('title', 'Replicated').firstOrFail()

    const body = await versionedBody(`/admin/posts/${post.id}`, {
      title: 'Replicated twice',
      body: 'b',
      status: 'published',
    })
    const updated = await record(async () => {
      const response = await client
        .patch(`/admin/posts/${post.id}`)
        .json(body)
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(200)
    })
    const deleted = await record(async () => {
      const response = await client
        .delete(`/admin/posts/${post.id}`)
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(200)
    })

    for (const statements of [created, updated, deleted]) {
      assert.isTrue(statements.some((statement) => /^(insert|update|delete)\b/.test(statement.sql)))
      assert.deepEqual(
        statements.filter((statement) => statement.pool !== 'primary'),
        [],
        JSON.stringify(statements)
      )
    }
    /* the lookup before the update's transaction read the primary */
    assert.equal(reads(updated)[0].pool, 'primary')
    assert.equal((await Post.find(post.id)) ?? null, null)
  }).skip(SQLITE, NO_REPLICAS)

  test('a bulk action in the request: each chunk read after the previous one was written, on the primary', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    cleanup.push(() => owner.delete())
    const articles = await Article.createMany(
      Array.from({ length: 3 }, (_, index) => ({
        title: `Replicated ${index}`,
        ownerId: owner.id,
        status: 'published' as const,
      }))
    )
    cleanup.push(() => Article.query().where('owner_id', owner.id).delete())

    const statements = await record(async () => {
      const response = await client
        .post('/admin/articles/bulk-actions/markDraft')
        .json({ selectAll: true })
        .withCsrfToken()
        .accept('json')
        .loginAs(owner)
      response.assertStatus(200)
    })
    assert.deepEqual(
      statements.filter((statement) => statement.pool !== 'primary'),
      [],
      JSON.stringify(statements)
    )
    const drafts = await Article.query()
      .whereIn(
        'id',
        articles.map((article) => article.id)
      )
      .where('status', 'draft')
    assert.lengthOf(drafts, 3)
  }).skip(SQLITE, NO_REPLICAS)

  test('a job: every read of its run on the primary', async ({ client, assert }) => {
    configureJobs({ ...settings, bulkQueueThreshold: 2 })
    const owner = await createUser()
    cleanup.push(() => owner.delete())
    await Article.createMany(
      Array.from({ length: 3 }, (_, index) => ({
        title: `Replicated job ${index}`,
        ownerId: owner.id,
        status: 'published' as const,
      }))
    )
    cleanup.push(() => Article.query().where('owner_id', owner.id).delete())

    let jobId = ''
    const statements = await record(async () => {
      const response = await client
        .post('/admin/articles/bulk-actions/markDraft')
        .json({ selectAll: true })
        .withCsrfToken()
        .accept('json')
        .loginAs(owner)
      response.assertStatus(202)
      jobId = response.body().job.id
      const job = await waitForJob(jobId)
      assert.equal(job.status, 'completed', job.error ?? '')
      assert.equal(job.processed, 3)
    })
    cleanup.push(() => db.from(JOBS_TABLE).where('id', jobId).delete())
    /* the request counted, the worker read and wrote: all on the primary */
    assert.isAtLeast(reads(statements).length, 2)
    assert.deepEqual(
      statements.filter((statement) => statement.pool !== 'primary'),
      [],
      JSON.stringify(statements)
    )
  }).skip(SQLITE, NO_REPLICAS)
})
