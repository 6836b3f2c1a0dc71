import { spawn, type ChildProcess } from 'node:child_process'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { AuditLog, Post, type User, createUser } from '../helpers.ts'
import Campaign from '../app/app/models/campaign.ts'
import { configureJobs, jobOptions } from '../../src/runtime/jobs/job_runtime.ts'
import { findJob, JOBS_TABLE, type JobRecord } from '../../src/runtime/jobs/job_store.ts'
import { readJobFile } from '../../src/runtime/jobs/job_waiting.ts'

/* the job timings of the server processes and of this one (which reads the status) */
const HEARTBEAT_MS = 500
/* a window of seconds: MySQL timestamps hold whole seconds */
const STALE_AFTER_MS = 3000

/* every process a test started: the group's teardown kills what is left */
const processes: AppProcess[] = []

/**
 * The test application as a separate web process (tests/fixtures/job_server.ts),
 * its jobs slowed down so the test can kill it mid-job.
 */
class AppProcess {
  output = ''
  port = 0
  readonly child: ChildProcess
  readonly exited: Promise<void>

  constructor() {
    this.child = spawn(
      process.execPath,
      ['--import=@poppinss/ts-exec', 'tests/fixtures/job_server.ts'],
      {
        env: {
          ...process.env,
          KIT_SERVER_HEARTBEAT_MS: String(HEARTBEAT_MS),
          KIT_SERVER_STALE_AFTER_MS: String(STALE_AFTER_MS),
          KIT_SERVER_RECOVER_EVERY_MS: String(HEARTBEAT_MS),
          KIT_SERVER_BULK_THRESHOLD: '5',
          KIT_SERVER_CHUNK_DELAY_MS: '150',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }
    )
    this.child.stdout!.on('data', (chunk) => (this.output += chunk))
    this.child.stderr!.on('data', (chunk) => (this.output += chunk))
    this.exited = new Promise((resolve) => this.child.on('exit', () => resolve()))
    processes.push(this)
  }

  /** Wait until it listens (a cold boot on a loaded machine takes a while). */
  async listening() {
    await until(
      () => /listening (\d+)/.test(this.output),
      `the server did not start`,
      () => this.output,
      120_000
    )
    this.port = Number(/listening (\d+)/.exec(this.output)![1])
    return this
  }

  /** A session of a user on this process: fetch with its cookie and CSRF token. */
  async session(userId: number) {
    const login = await fetch(`http://127.0.0.1:${this.port}/_fixture/login/${userId}`)
    const cookie = login.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ')
    const { csrf } = (await login.json()) as { csrf: string }
    return async (path: string, body?: unknown) => {
      const response = await fetch(`http://127.0.0.1:${this.port}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'cookie': cookie,
          'accept': 'application/json',
          'content-type': 'application/json',
          'x-csrf-token': csrf,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as Record<string, any> }
    }
  }

  async kill() {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL')
    }
    await this.exited
  }
}

async function until(
  check: () => boolean | Promise<boolean>,
  message: string,
  details: () => string = () => '',
  timeoutMs = 90_000
) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${message}\n${details()}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** The job once its dead process left it mid-way: some chunks committed, not all. */
async function midway(id: string, server: AppProcess): Promise<JobRecord> {
  let job: JobRecord | null = null
  await until(
    async () => {
      job = await findJob(id)
      if (job && job.status !== 'running' && job.status !== 'queued') {
        throw new Error(`the job ended before it was killed: ${JSON.stringify(job)}`)
      }
      return Boolean(job && job.processed > 0)
    },
    'the job did not get going',
    () => `${JSON.stringify(job)}\n${server.output}`
  )
  return job!
}

/** A job's status, read through this process (which never takes a job over). */
async function readStatus(client: any, url: string, user: User) {
  const response = await client.get(url).accept('json').loginAs(user)
  return response.body() as Record<string, any>
}

/**
 * Restart the app at once after its kill, the new process slow to be
 * scheduled (SIGSTOP, as on a loaded machine): the status this process
 * answers says stalled once the heartbeat is stale; then the restarted
 * process runs and takes the job over. Answers the stalled status, the
 * finished job and the restarted process.
 */
async function restartAndFinish(id: string, status: () => Promise<Record<string, any>>) {
  const second = new AppProcess()
  second.child.kill('SIGSTOP')
  let stalled: Record<string, any> = {}
  try {
    await until(
      async () => (stalled = await status()).status === 'stalled',
      'the status never said stalled',
      () => JSON.stringify(stalled)
    )
  } finally {
    second.child.kill('SIGCONT')
  }
  await second.listening()
  let done: JobRecord | null = null
  await until(
    async () => {
      done = await findJob(id)
      return done?.status === 'completed' || done?.status === 'failed'
    },
    'the restarted process did not finish the job',
    () => `${JSON.stringify(done)}\n${second.output}`,
    180_000
  )
  return { stalled, done: done! as JobRecord, second }
}

test.group('Jobs | a process killed mid-job, restarted at once', (group) => {
  /* committed writes: the servers are other processes with their own connections */
  group.each.timeout(300_000)
  const cleanup: (() => Promise<unknown>)[] = []
  let settings: ReturnType<typeof jobOptions>
  group.each.setup(() => {
    settings = jobOptions()
    configureJobs({ ...settings, heartbeatMs: HEARTBEAT_MS, staleAfterMs: STALE_AFTER_MS })
  })
  group.each.teardown(async () => {
    configureJobs(settings)
    for (const server of processes.splice(0)) await server.kill()
    for (const step of cleanup.splice(0).reverse()) await step()
  })

  test('a bulk job: SIGKILL, the status says stalled, the restarted process resumes it; each record changed once', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    cleanup.push(() => admin.delete())
    const run = `Takeover ${Date.now()}`
    const names = Array.from({ length: 1200 }, (_, index) => `${run} ${index}`)
    for (let start = 0; start < names.length; start += 300) {
      await db.table('campaigns').multiInsert(
        names.slice(start, start + 300).map((name) => ({
          name,
          channel: 'email',
          budget: 100,
          status: 'draft',
        }))
      )
    }
    cleanup.push(() => Campaign.query().whereIn('name', names).delete())
    cleanup.push(() => AuditLog.query().whereIn('subject', names).delete())
    const created = await Campaign.query().whereIn('name', names).select('id')
    const ids = created.map((campaign) => campaign.id)

    const first = await new AppProcess().listening()
    const send = await first.session(admin.id)
    const started = await send('/marketing/campaigns/bulk-actions/raiseBudget', { records: ids })
    assert.equal(started.status, 202, JSON.stringify(started.body))
    const id = started.body.job.id as string
    cleanup.push(() => db.from(JOBS_TABLE).where('id', id).delete())

    /* the same request again while the job runs: the same job, no second one */
    const again = await send('/marketing/campaigns/bulk-actions/raiseBudget', {
      records: [...ids].reverse(),
    })
    assert.equal(again.status, 202)
    assert.equal(again.body.job.id, id)
    const jobs = await db.from(JOBS_TABLE).where('user_id', String(admin.id)).count('* as total')
    assert.equal(Number(jobs[0].total), 1)

    const left = await midway(id, first)
    await first.kill()
    /* what the dead process committed: whole chunks, their cursor with them */
    const dead = (await findJob(id))!
    assert.isBelow(dead.processed, ids.length, 'the job ended before it was killed')
    assert.isAtLeast(dead.processed, left.processed)
    const raised = await Campaign.query().whereIn('id', ids).where('budget', 110)
    assert.lengthOf(raised, dead.processed)

    /* restarted at once; the machine is slow to schedule it: the job's
       heartbeat goes stale and its status says so; then the restarted
       process takes it over, once, from its cursor */
    const {
      stalled: status,
      done,
      second,
    } = await restartAndFinish(id, () => readStatus(client, started.body.job.statusUrl, admin))
    assert.equal(status.processed, dead.processed)
    assert.equal(
      status.message,
      `Stalled at ${dead.processed} of ${ids.length}: its worker stopped, it resumes when a worker takes it over`
    )
    assert.equal(done.status, 'completed', done.error ?? '')
    assert.equal(done.attempts, 2)
    assert.equal(done.processed, ids.length)
    assert.deepEqual(done.result, { action: 'raiseBudget', affected: ids.length, refused: 0 })

    /* every record changed exactly once: budget +10 once, one hook row each */
    const budgets = await Campaign.query().whereIn('id', ids).groupBy('budget').select('budget')
    assert.deepEqual(
      budgets.map((campaign) => campaign.budget),
      [110]
    )
    const hooks = await AuditLog.query()
      .where('event', 'raised')
      .whereIn('subject', names)
      .groupBy('subject')
      .select('subject')
      .count('* as total')
    assert.lengthOf(hooks, names.length)
    assert.isTrue(hooks.every((row) => Number(row.$extras.total) === 1))

    /* the restarted process answers the status: completed */
    const sendAgain = await second.session(admin.id)
    const final = await sendAgain(`${started.body.job.statusUrl}`)
    assert.equal(final.status, 200)
    assert.equal(final.body.status, 'completed')
    assert.equal(final.body.percent, 100)
  }).timeout(300_000)

  test('an export job: SIGKILL, the restarted process resumes it; every row exported once', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    cleanup.push(() => user.delete())
    const run = `Exported ${Date.now()}`
    const titles = Array.from(
      { length: 60 },
      (_, index) => `${run} ${String(index).padStart(3, '0')}`
    )
    await Post.createMany(
      titles.map((title) => ({ title, body: 'body', status: 'draft', authorId: user.id }))
    )
    cleanup.push(() => Post.query().where('author_id', user.id).delete())

    const first = await new AppProcess().listening()
    const send = await first.session(user.id)
    const started = await send('/exports/export-posts/actions/export?_kit_page=index', {
      search: run,
    })
    assert.equal(started.status, 202, JSON.stringify(started.body))
    const id = started.body.job.id as string
    cleanup.push(() => db.from(JOBS_TABLE).where('id', id).delete())

    await midway(id, first)
    await first.kill()
    const dead = (await findJob(id))!
    assert.isBelow(dead.processed, titles.length, 'the job ended before it was killed')

    const { done } = await restartAndFinish(id, () =>
      readStatus(client, started.body.job.statusUrl, user)
    )
    assert.equal(done.status, 'completed', done.error ?? '')
    assert.equal(done.attempts, 2)
    const file = await readJobFile(done)
    /* each row once: the parts the dead process wrote are rewritten, never appended twice */
    assert.deepEqual(
      file.rows
        .slice(1)
        .map((row) => row[1])
        .sort(),
      titles
    )
  }).timeout(300_000)
})
