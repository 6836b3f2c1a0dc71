/*
 * Past one machine: the application as it is deployed on several. Two
 * `node ace serve` processes behind one browser (requests alternate between
 * them, one cookie jar), sessions in Redis (`@adonisjs/session`'s Redis
 * store), jobs on `@adonisjs/queue` (Redis) run by `node ace queue:work`
 * processes, one PostgreSQL database, one disk for the job files.
 *
 * A query-wide bulk action and a large export run; the worker running both
 * is killed with SIGKILL mid-way, a second worker starts and the killed one
 * is restarted; every record is changed exactly once (its update hook's rows
 * counted), every row is exported exactly once, and either web process
 * answers the jobs' progress.
 *
 * It runs in the application the install group of quick_start.spec.ts
 * installed (or E2E_APP), when E2E_DATABASES names pg (.ci/run: sqlite,pg,mysql).
 * E2E_SCALE_ROWS: the number of posts (default 3000).
 */
import { test } from '@japa/runner'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import {
  AppServer,
  Daemon,
  RoundRobinClient,
  assertSucceeded,
  freePort,
  openDatabase,
  recreateDatabase,
  run,
} from './helpers.ts'
import {
  DATABASES,
  DB_NAME,
  addQueueProviders,
  dbEnv,
  node,
  resetApp,
  state,
  write,
} from './app.ts'
import {
  POSTS_MIGRATION,
  POST_POLICY,
  REDIS_CONFIG,
  SCALE_BULK_ACTION,
  SCALE_KIT_JOBS_CONFIG,
  SCALE_LIST_POSTS,
  SCALE_MIGRATION,
  SCALE_POST_MODEL,
  SCALE_QUEUE_CONFIG,
  SCALE_SESSION_CONFIG,
} from './user_files.ts'

const ROWS = Number(process.env.E2E_SCALE_ROWS ?? 3000)
/* a Redis database of its own: sessions and queue of this group only */
const REDIS_DB = process.env.E2E_REDIS_DB ?? '6'

type Job = { id: string; statusUrl: string }

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  message: () => string,
  timeoutMs = 120_000,
  everyMs = 10
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (true) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`${message()}\nlast: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

test.group('past one machine: two web processes, two queue workers, Redis, PostgreSQL', (group) => {
  group.each.timeout(300_000)
  const env: NodeJS.ProcessEnv = {
    ...dbEnv('pg'),
    REDIS_HOST: '127.0.0.1',
    REDIS_PORT: '6379',
    REDIS_DB,
    SESSION_DRIVER: 'redis',
  }
  const servers: AppServer[] = []
  const workers: Daemon[] = []
  group.teardown(async () => {
    for (const worker of workers) await worker.stop()
    for (const server of servers) await server.stop()
  })

  test('a bulk action and an export survive a worker killed mid-way: each record changed once, each row exported once', async ({
    assert,
  }) => {
    if (!state.app) {
      throw new Error(
        'No application: run the install group first (npm run test:e2e) or set E2E_APP'
      )
    }
    const started = Date.now()
    await resetApp()
    await rm(join(state.app, 'tmp'), { recursive: true, force: true })
    await rm(join(state.app, 'storage'), { recursive: true, force: true })
    await recreateDatabase('pg', DB_NAME)
    assertSucceeded(
      await run('redis-cli', ['-h', '127.0.0.1', '-n', REDIS_DB, 'FLUSHDB'], { cwd: state.app }),
      'redis-cli FLUSHDB'
    )

    /* the deployment's configuration: Redis, the queue, sessions in Redis, the kit's jobs on the queue */
    await write('config/redis.ts', REDIS_CONFIG)
    await write('config/queue.ts', SCALE_QUEUE_CONFIG)
    await write('config/session.ts', SCALE_SESSION_CONFIG)
    const envFile = await readFile(join(state.app, 'start/env.ts'), 'utf-8')
    assert.include(envFile, "['cookie', 'memory']")
    await write(
      'start/env.ts',
      envFile.replace("['cookie', 'memory']", "['cookie', 'memory', 'redis']")
    )
    await addQueueProviders()
    const kitConfig = await readFile(join(state.app, 'config/kit.ts'), 'utf-8')
    await write(
      'config/kit.ts',
      kitConfig.replace(
        'export default defineConfig({\n',
        `export default defineConfig({\n${SCALE_KIT_JOBS_CONFIG}`
      )
    )

    /* the posts, a hook that counts their updates, the resource with a bulk action and an export */
    await write('database/migrations/1761885935169_create_posts_table.ts', POSTS_MIGRATION)
    await write('database/migrations/1761885935171_count_post_updates.ts', SCALE_MIGRATION)
    await write('app/models/post.ts', SCALE_POST_MODEL)
    await write('app/policies/post_policy.ts', POST_POLICY)
    assertSucceeded(await node(['ace', 'migration:run'], env), 'node ace migration:run')
    assertSucceeded(
      await node(['ace', 'make:kit-resource', 'Post', '--generate'], env),
      'make:kit-resource Post --generate'
    )
    const resource = await readFile(join(state.app, 'app/resources/post_resource.ts'), 'utf-8')
    assert.include(resource, '.bulkActions([\n')
    await write(
      'app/resources/post_resource.ts',
      resource
        .replace(
          /^import \{\n/,
          resource.includes('  BulkAction,\n') ? 'import {\n' : 'import {\n  BulkAction,\n'
        )
        .replace('.bulkActions([\n', `.bulkActions([\n${SCALE_BULK_ACTION}`)
    )
    await write('app/resources/post/pages/list_posts.ts', SCALE_LIST_POSTS)

    const database = openDatabase('pg', { sqliteFile: '', database: DB_NAME })
    try {
      const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
      const values = Array.from(
        { length: ROWS },
        (_, index) => `('Post ${String(index + 1).padStart(5, '0')}', false, '${now}', '${now}')`
      )
      await database.rows(
        `INSERT INTO posts (title, is_published, created_at, updated_at) VALUES ${values.join(', ')}`
      )

      /* two web processes, one worker to start with */
      for (let index = 0; index < 2; index++) {
        const server = new AppServer(state.app, env)
        servers.push(server)
        await server.start(await freePort())
      }
      const first = new Daemon(state.app, env)
      workers.push(first)
      first.start(['ace', 'queue:work'])

      /* one browser, its requests alternating between the two processes */
      const browser = new RoundRobinClient(servers.map((server) => server.url))
      await browser.visit('/signup')
      const signup = await browser.inertia('POST', '/signup', {
        fullName: 'Ada',
        email: 'ada@example.com',
        password: 'ada-password-1',
        passwordConfirmation: 'ada-password-1',
      })
      assert.equal(signup.status, 302, await signup.clone().text())
      /* signed up on one process, signed in on both (the session is in Redis) */
      await browser.visit('/admin/posts')
      for (let index = 0; index < 2; index++) {
        const list = await browser.inertia('GET', '/admin/posts')
        assert.equal(list.status, 200, `${browser.baseUrl}: ${await list.clone().text()}`)
        assert.equal(((await list.json()) as any).component, 'kit/list_records')
      }

      const post = async (path: string, body: unknown) => {
        const response = await browser.request('POST', path, {
          headers: {
            'accept': 'application/json',
            'content-type': 'application/json',
            'x-xsrf-token': browser.xsrfToken(),
          },
          body: JSON.stringify(body),
        })
        assert.equal(response.status, 202, `${browser.baseUrl}: ${await response.clone().text()}`)
        return ((await response.json()) as { job: Job }).job
      }
      const record = async (id: string) => {
        const [row] = await database.rows(
          'SELECT status, processed, total, attempts FROM kit_jobs WHERE id = ?',
          [id]
        )
        return {
          ...row,
          processed: Number(row.processed),
          total: row.total === null ? null : Number(row.total),
          attempts: Number(row.attempts),
        } as { status: string; processed: number; total: number | null; attempts: number }
      }
      const midway = (id: string) =>
        until(
          () => record(id),
          (job) => {
            if (job.status === 'completed' || job.status === 'failed') {
              throw new Error(`the job ended before the kill: ${JSON.stringify(job)}`)
            }
            return job.processed > 0
          },
          () => `the job did not get going\n${first.output}`
        )

      /* the query-wide bulk action (through one process), then the export (through the other) */
      const bulk = await post('/admin/posts/bulk-actions/revise', { selectAll: true })
      await midway(bulk.id)
      const exported = await post('/admin/posts/actions/export?_kit_page=index', {})
      await midway(exported.id)

      /* both run in the first worker: killed */
      first.signal('SIGKILL')
      await first.exited()
      /* what the dead worker committed: whole chunks, their cursor with them */
      const [bulkLeft, exportLeft] = [await record(bulk.id), await record(exported.id)]
      assert.isBelow(bulkLeft.processed, ROWS, 'the bulk job ended before the kill')
      assert.isBelow(exportLeft.processed, ROWS, 'the export ended before the kill')
      const revisedAtKill = await database.rows(
        'SELECT count(*) AS n FROM posts WHERE revision = 1'
      )
      assert.equal(Number(revisedAtKill[0].n), bulkLeft.processed)

      /* a second worker, and the killed one restarted */
      const second = new Daemon(state.app, env)
      const restarted = new Daemon(state.app, env)
      workers.push(second, restarted)
      second.start(['ace', 'queue:work'])
      restarted.start(['ace', 'queue:work'])

      /* the progress, asked of both web processes in turn until both jobs end */
      const seen: { server: string; job: string; status: string; processed: number }[] = []
      const status = async (job: Job) => {
        const server = browser.upcoming
        const response = await browser.request('GET', job.statusUrl, {
          headers: { accept: 'application/json' },
        })
        assert.equal(response.status, 200, `${server}: ${await response.clone().text()}`)
        const body = (await response.json()) as Record<string, any>
        seen.push({ server, job: job.id, status: body.status, processed: body.processed })
        return body
      }
      const ended = (body: Record<string, any>) =>
        body.status === 'completed' || body.status === 'failed'
      /* two requests a round, in turn to each process: the order swaps every round */
      let round = 0
      const [bulkDone, exportDone] = await until(
        async () => {
          const swap = round++ % 2 === 1
          const answers = swap
            ? [await status(exported), await status(bulk)].reverse()
            : [await status(bulk), await status(exported)]
          return answers
        },
        ([a, b]) => ended(a) && ended(b),
        () => `the jobs did not end\n${second.output}\n${restarted.output}`,
        180_000,
        100
      )
      /* once more from each process: both say completed */
      for (const job of [bulk, bulk, exported, exported]) await status(job)
      assert.equal(bulkDone.status, 'completed', JSON.stringify(bulkDone))
      assert.equal(exportDone.status, 'completed', JSON.stringify(exportDone))
      /* each process answered the progress of each job while it ran, or stalled */
      for (const server of servers) {
        for (const job of [bulk, exported]) {
          const answers = seen.filter(
            (entry) => entry.server === server.url && entry.job === job.id
          )
          assert.isTrue(
            answers.some((entry) => entry.status !== 'completed'),
            `${server.url} never answered ${job.id} before it ended: ${JSON.stringify(answers)}`
          )
          assert.isTrue(answers.some((entry) => entry.status === 'completed'))
        }
      }
      /* taken over once each: the dead worker's run, then one more */
      const [bulkRecord, exportRecord] = [await record(bulk.id), await record(exported.id)]
      assert.equal(bulkRecord.attempts, 2)
      assert.equal(exportRecord.attempts, 2)

      /* every record changed exactly once: revision 1, one hook row each */
      assert.deepEqual(bulkDone.processed, ROWS)
      const revisions = await database.rows(
        'SELECT revision, count(*) AS n FROM posts GROUP BY revision'
      )
      assert.deepEqual(
        revisions.map((row) => [Number(row.revision), Number(row.n)]),
        [[1, ROWS]]
      )
      const hooks = await database.rows(
        'SELECT count(*) AS runs, count(DISTINCT post_id) AS posts, max(revision) AS top FROM post_hooks'
      )
      assert.deepEqual(
        [Number(hooks[0].runs), Number(hooks[0].posts), Number(hooks[0].top)],
        [ROWS, ROWS, 1]
      )

      /* every row exported exactly once, the file read through either process */
      const download = await browser.request('GET', exportDone.downloadUrl)
      assert.equal(download.status, 200)
      const text = await download.text()
      const lines = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
      assert.equal(lines[0], 'id,Title')
      const expected = await database.rows('SELECT id, title FROM posts ORDER BY id')
      assert.deepEqual(
        lines
          .slice(1)
          .map((line) => line.split(','))
          .sort((a, b) => Number(a[0]) - Number(b[0]))
          .map(([id, title]) => `${id},${title}`),
        expected.map((row) => `${row.id},${row.title}`)
      )

      /* both processes answered requests of the one browser */
      for (const server of servers) {
        assert.isAbove(browser.served.get(server.url) ?? 0, 3)
      }
      console.log(
        `  scale-out: ${ROWS} posts; at the kill the bulk job had ${bulkLeft.processed} and the export ${exportLeft.processed} done; ${seen.length} status answers; ${Math.round((Date.now() - started) / 1000)} s`
      )
    } finally {
      await database.close()
      for (const worker of workers) await worker.stop()
      for (const server of servers) await server.stop()
    }
  }).skip(!DATABASES.includes('pg'), 'needs PostgreSQL: E2E_DATABASES=pg (as .ci/run sets it)')
})
