/*
 * `npm run bench`: seeds the benchmark tables, boots bench/app over loopback
 * HTTP for each database and size, measures the kit against the hand-written
 * controller (interleaved, in the same run) and, on PostgreSQL, against
 * AdminJS's list API (bench/adminjs, its own process and dependencies,
 * installed on first use), then prints the results as Markdown and writes
 * them to bench/results.md.
 *
 * Knobs (environment):
 *   BENCH_DB=pg,sqlite            databases (pg, sqlite, mysql)
 *   BENCH_SIZES=10000,100000      item-table sizes (1000000 for the large run)
 *   BENCH_BULK_ROWS=100000        rows of the query-wide bulk-action run (0: skip)
 *   BENCH_SECONDS=2               measuring time per scenario and side (approx.)
 *   BENCH_ADMINJS=1               0 skips the AdminJS comparison
 *   BENCH_CONCURRENCY=10          concurrent clients of the throughput runs
 *   BENCH_PHASES=1                per-phase timings of the list scenarios (server-timing)
 *   BENCH_PROFILE=1               write a CPU profile of each server to tmp/bench-profiles
 *   BENCH_FORMATTED_REQUESTS=300  requests of the formatted-list memory run (0: skip)
 *   BENCH_OUTPUT=bench/results.md
 *   PORT, PG_*, MYSQL_*, SQLITE_FILE as for the test suite
 *
 * `npm run bench -- export` runs only the 1,000,000-row export benchmark
 * (bench/export.ts: BENCH_DB, BENCH_EXPORT_ROWS); `npm run bench -- import`
 * only the 100,000-row import (bench/import.ts: BENCH_DB, BENCH_IMPORT_ROWS);
 * `npm run bench -- bundle` only the renderers' bundle sizes
 * (bench/bundle_size.ts, after `npm run build`); `npm run bench -- formatted`
 * only the formatted-list memory run (BENCH_DB, the first of BENCH_SIZES,
 * BENCH_FORMATTED_REQUESTS).
 */

import { spawn, type ChildProcess } from 'node:child_process'
import { writeFile, mkdir } from 'node:fs/promises'
import { dirname, resolve as resolvePath } from 'node:path'
import { cpus, totalmem, platform, release } from 'node:os'
import { isDeepStrictEqual } from 'node:util'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

/* `npm run bench -- export` / `-- import` / `-- bundle`: the 1M-row export, the 100k-row import
   or the bundle sizes only (bench/export.ts, bench/import.ts, bench/bundle_size.ts), in its own
   process */
const singles: Record<string, string> = {
  export: 'export',
  import: 'import',
  bundle: 'bundle_size',
}
const single = Object.keys(singles).find((name) => process.argv.includes(name))
if (single) {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import=@poppinss/ts-exec',
      fileURLToPath(new URL(`./${singles[single]}.ts`, import.meta.url)),
    ],
    { cwd: ROOT, stdio: 'inherit' }
  )
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  process.exit(code ?? 1)
}
const SERVER = fileURLToPath(new URL('./bin/server.ts', import.meta.url))
const PORT = Number(process.env.PORT ?? 3415)
const BASE = `http://127.0.0.1:${PORT}`
const DBS = (process.env.BENCH_DB ?? 'pg,sqlite').split(',').filter(Boolean)
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').filter(Boolean).map(Number)
const BULK_ROWS = Number(process.env.BENCH_BULK_ROWS ?? 100000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2)
const ADMINJS = process.env.BENCH_ADMINJS !== '0'
const ADMINJS_PORT = Number(process.env.BENCH_ADMINJS_PORT ?? PORT + 1)
const ADMINJS_BASE = `http://127.0.0.1:${ADMINJS_PORT}`
const ADMINJS_DIR = fileURLToPath(new URL('./adminjs/', import.meta.url))
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10)
const PHASES = process.env.BENCH_PHASES === '1'
const PHASE_NAMES = ['count', 'estimate', 'page', 'preload', 'other', 'code']
const OUTPUT = process.env.BENCH_OUTPUT ?? 'bench/results.md'
const PROFILE = process.env.BENCH_PROFILE === '1'
const FORMATTED_REQUESTS = Number(process.env.BENCH_FORMATTED_REQUESTS ?? 300)
const ONLY_FORMATTED = process.argv.includes('formatted')
const ADMIN = '1'

const INERTIA = { 'x-inertia': 'true', 'x-inertia-version': '1', 'x-bench-user': ADMIN }

/* ------------------------------------------------------------------------ */
/* statistics                                                                */
/* ------------------------------------------------------------------------ */

function quantile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
  return sorted[index]
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1))
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

/* ------------------------------------------------------------------------ */
/* processes                                                                 */
/* ------------------------------------------------------------------------ */

function environment(db: string, rows: number, extra: Record<string, string> = {}) {
  return {
    ...process.env,
    DB_CONNECTION: db,
    BENCH_ROWS: String(rows),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    ...extra,
  }
}

function node(args: string[], env: NodeJS.ProcessEnv) {
  return spawn(process.execPath, ['--import=@poppinss/ts-exec', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/**
 * Seed (or reuse) the item table of `rows` rows; rebuild the bulk table
 * when asked.
 */
function seed(db: string, rows: number, bulkRows: number) {
  return new Promise<{ seconds: number; bulkSeconds: number }>((resolve, reject) => {
    const child = node(
      [SERVER, '--seed'],
      environment(db, rows, { BENCH_BULK_ROWS: String(bulkRows) })
    )
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => {
      const line = output.split('\n').find((candidate) => candidate.startsWith('{"table"'))
      if (code === 0 && line) {
        resolve(JSON.parse(line))
      } else {
        reject(new Error(`seeding ${db} ${rows} failed (exit ${code}):\n${output.slice(-2000)}`))
      }
    })
  })
}

async function startServer(db: string, rows: number): Promise<ChildProcess> {
  const flags = ['--expose-gc']
  if (PROFILE) {
    await mkdir(`${ROOT}tmp/bench-profiles`, { recursive: true })
    flags.push(
      '--cpu-prof',
      `--cpu-prof-dir=${ROOT}tmp/bench-profiles`,
      `--cpu-prof-name=${db}-${rows}-${Date.now()}.cpuprofile`
    )
  }
  const child = node([...flags, SERVER], environment(db, rows))
  return waitFor(child, `${BASE}/__bench/health`)
}

/**
 * Wait until a started server answers its health route.
 */
async function waitFor(child: ChildProcess, health: string): Promise<ChildProcess> {
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited (${child.exitCode}):\n${output.slice(-2000)}`)
    }
    try {
      const response = await fetch(health)
      if (response.ok) return child
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill('SIGKILL')
  throw new Error(`the server did not answer:\n${output.slice(-2000)}`)
}

/**
 * Run scenarios in a freshly started server, stopped afterwards.
 */
async function inFreshServer<T>(db: string, rows: number, run: () => Promise<T>): Promise<T> {
  const server = await startServer(db, rows)
  try {
    return await run()
  } finally {
    await stopServer(server)
  }
}

function stopServer(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    const timer = setTimeout(() => child.kill('SIGKILL'), 15000)
    child.on('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGINT')
  })
}

/**
 * Install bench/adminjs's own dependencies (from its lockfile) when they are
 * missing: they never enter the package's dependencies.
 */
async function ensureAdminJS() {
  const { existsSync } = await import('node:fs')
  if (existsSync(`${ADMINJS_DIR}node_modules/adminjs/package.json`)) return
  console.log('installing bench/adminjs (AdminJS, @adminjs/express, @adminjs/sql)')
  await new Promise<void>((resolve, reject) => {
    const npm = spawn('npm', ['ci', '--prefix', ADMINJS_DIR, '--no-audit', '--no-fund'], {
      cwd: ROOT,
      stdio: 'inherit',
    })
    npm.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm ci in bench/adminjs exited ${code}`))
    )
  })
}

/**
 * Start AdminJS over the same database and item table (bench/adminjs/server.js).
 */
async function startAdminJS(rows: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server.js'], {
    cwd: ADMINJS_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(ADMINJS_PORT),
      BENCH_ROWS: String(rows),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return waitFor(child, `${ADMINJS_BASE}/__bench/health`)
}

/* ------------------------------------------------------------------------ */
/* requests                                                                  */
/* ------------------------------------------------------------------------ */

interface Sample {
  ms: number
  status: number
  queries: number
  headers: Headers
  body: string
}

async function request(
  method: string,
  path: string,
  body?: unknown,
  headers = {},
  base = BASE
): Promise<Sample> {
  const started = performance.now()
  const response = await fetch(`${base}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...INERTIA,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await response.text()
  const elapsed = performance.now() - started
  return {
    ms: elapsed,
    status: response.status,
    queries: Number(response.headers.get('x-bench-queries') ?? Number.NaN),
    headers: response.headers,
    body: text,
  }
}

type Call = (index: number) => Promise<Sample>

interface Comparison {
  kit: number[]
  hand: number[]
  kitQueries: number
  handQueries: number
  status: string
}

/**
 * Warm both sides up, then alternate them (kit-hand, hand-kit, ...) so that
 * noise from the shared machine hits both alike.
 */
async function compare(kit: Call, hand: Call, expected: number): Promise<Comparison> {
  const warm: number[] = []
  for (let index = 0; index < 8; index++) {
    const kitSample = await kit(index)
    const handSample = await hand(index)
    warm.push(kitSample.ms, handSample.ms)
  }
  const estimate = median(warm)
  const rounds = Math.max(15, Math.min(300, Math.round((SECONDS * 1000) / estimate)))
  const result: Comparison = { kit: [], hand: [], kitQueries: 0, handQueries: 0, status: 'ok' }
  for (let index = 0; index < rounds; index++) {
    const order: Array<['kit' | 'hand', Call]> =
      index % 2
        ? [
            ['hand', hand],
            ['kit', kit],
          ]
        : [
            ['kit', kit],
            ['hand', hand],
          ]
    for (const [side, call] of order) {
      const sample = await call(index + 8)
      if (sample.status !== expected) {
        result.status = `${side} answered ${sample.status}`
      }
      result[side].push(sample.ms)
      result[side === 'kit' ? 'kitQueries' : 'handQueries'] = sample.queries
    }
  }
  return result
}

function propsOf(sample: Sample) {
  return JSON.parse(sample.body).props
}

/* ------------------------------------------------------------------------ */
/* scenarios                                                                 */
/* ------------------------------------------------------------------------ */

interface Row {
  scenario: string
  comparison?: Comparison
  same?: boolean
  note?: string
}

interface SizeResult {
  rows: number
  seedSeconds: number
  versus: VersusRow[]
  list: Row[]
  queriesByPageSize: Record<number, number>
  firstPageMs: number
  deepPageMs: number
  deepPage: number
  other: Row[]
  relationQueries: RelationQueries
}

/** Query counts of the edit page with relation managers, few and many related rows. */
interface RelationQueries {
  light: number
  heavy: number
  heavySame: boolean
}

/**
 * The edit page of the item with HEAVY_NOTES notes and every label, once
 * per side: the query count (warm, second request) and whether both sides
 * still answer the same props (pagination of the related tables included).
 */
async function relationQueryCounts(): Promise<RelationQueries> {
  const path = (side: string, key: number) => `/${side}/items/${key}/edit`
  await request('GET', path('admin', HEAVY_ITEM))
  const kit = await request('GET', path('admin', HEAVY_ITEM))
  const hand = await request('GET', path('hand', HEAVY_ITEM))
  const light = await request('GET', path('admin', 3))
  const props = propsOf(kit)
  const [notes, labels] = props.relations ?? []
  return {
    light: light.queries,
    heavy: kit.queries,
    heavySame:
      sameProps('edit page, many related rows', props, propsOf(hand)) &&
      notes?.table.pagination.total === HEAVY_NOTES &&
      labels?.table.pagination.total === LABELS &&
      notes?.table.rows.length === 10,
  }
}

/**
 * Whether the kit and the hand-written controller answered the same props;
 * when not, the paths that differ are printed (the first ten), so a change of the
 * contract that the hand-written side misses is named.
 */
function sameProps(scenario: string, kit: unknown, hand: unknown): boolean {
  if (isDeepStrictEqual(kit, hand)) return true
  const paths = differences(kit, hand, 'props').slice(0, 10)
  console.error(`[bench] ${scenario}: props differ at ${paths.join('; ')}`)
  return false
}

function differences(a: any, b: any, path: string): string[] {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return [
      `${path} (kit ${JSON.stringify(a)?.slice(0, 80)}, hand ${JSON.stringify(b)?.slice(0, 80)})`,
    ]
  }
  const found: string[] = []
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!isDeepStrictEqual(a[key], b[key]))
      found.push(...differences(a[key], b[key], `${path}.${key}`))
  }
  return found
}

/**
 * Bring both sides to a steady state (JIT, caches, pools) before any
 * scenario is timed: up to 200 requests or about 3 s per side.
 */
async function warmUp() {
  const started = performance.now()
  for (let index = 0; index < 200 && performance.now() - started < 6000; index++) {
    await request('GET', '/admin/items')
    await request('GET', '/hand/items')
    await request('GET', '/admin/items/3/edit')
    await request('GET', '/hand/items/3/edit')
    await request('GET', '/admin/items/679/edit', undefined, { 'x-bench-user': '2' })
    await request('GET', '/hand/items/679/edit', undefined, { 'x-bench-user': '2' })
  }
}

async function listScenarios(
  rows: number
): Promise<
  Pick<SizeResult, 'list' | 'queriesByPageSize' | 'firstPageMs' | 'deepPageMs' | 'deepPage'>
> {
  const first = propsOf(await request('GET', '/admin/items'))
  const lastPage = first.table.pagination.lastPage
  const scenarios: Array<[string, string]> = [
    ['list: first page', ''],
    [`list: middle page (${Math.ceil(lastPage / 2)})`, `?page=${Math.ceil(lastPage / 2)}`],
    [`list: last page (${lastPage})`, `?page=${lastPage}`],
    ['list: search "quartz"', '?search=quartz'],
    ['list: filter status + sort price desc', '?filters[status]=draft&sort=price&direction=desc'],
    ['list: tab + sort title, page 2', '?tab=published&sort=title&page=2'],
  ]
  const list: Row[] = []
  for (const [scenario, qs] of scenarios) {
    const kitSample = await request('GET', `/admin/items${qs}`)
    const handSample = await request('GET', `/hand/items${qs}`)
    const same = sameProps(scenario, propsOf(kitSample), propsOf(handSample))
    const comparison = await compare(
      () => request('GET', `/admin/items${qs}`),
      () => request('GET', `/hand/items${qs}`),
      200
    )
    list.push({ scenario, comparison, same })
    console.log(
      `  ${rows} ${scenario}: kit ${ms(median(comparison.kit))} ms, hand ${ms(median(comparison.hand))} ms`
    )
  }

  const queriesByPageSize: Record<number, number> = {}
  for (const perPage of [10, 25, 100]) {
    const sample = await request('GET', `/admin/items?perPage=${perPage}`)
    queriesByPageSize[perPage] = sample.queries
  }
  return {
    list,
    queriesByPageSize,
    firstPageMs: median(list[0].comparison!.kit),
    deepPageMs: Math.max(median(list[1].comparison!.kit), median(list[2].comparison!.kit)),
    deepPage: Math.ceil(lastPage / 2),
  }
}

/* ------------------------------------------------------------------------ */
/* kit / hand-written / AdminJS: the list API, latency and throughput        */
/* ------------------------------------------------------------------------ */

type Side = 'kit' | 'tuned' | 'hand' | 'adminjs'

/** One scenario of the three-way comparison: each side's request. */
interface VersusScenario {
  scenario: string
  kit: string
  /** The tuned resource's request; for a deep page, the page before it whose next cursor is followed */
  tuned: string
  tunedCursor?: boolean
  hand: string
  adminjs: string
  /** What must match between the kit's rows and AdminJS's records */
  match: 'keys' | 'price'
}

interface VersusRow {
  scenario: string
  latency: Partial<Record<Side, number[]>>
  throughput: Partial<Record<Side, number>>
  bytes: Partial<Record<Side, number>>
  queries: Partial<Record<Side, number>>
  sameAsHand: boolean
  sameAsTuned: boolean
  sameAsAdminJS: boolean | null
  status: string
  /** BENCH_PHASES=1: median ms per phase and side */
  phases: Partial<Record<Side, Record<string, number>>>
}

/** The phases of a `server-timing` header, in ms. */
function phasesOf(sample: Sample): Record<string, number> {
  const phases: Record<string, number> = {}
  for (const part of (sample.headers.get('server-timing') ?? '').split(',')) {
    const match = /^\s*([a-z]+);dur=([0-9.]+)/.exec(part)
    if (match) phases[match[1]] = Number(match[2])
  }
  return phases
}

const PER_PAGE = 25

function versusScenarios(lastPage: number): VersusScenario[] {
  const deep = Math.ceil(lastPage / 2)
  const adminjs = (query: string) =>
    `/admin/api/resources/${ITEMS_TABLE()}/actions/list?perPage=${PER_PAGE}&${query}`
  return [
    {
      scenario: 'first page',
      kit: '/admin/items',
      tuned: '/admin/tuned-items',
      hand: '/hand/items',
      adminjs: adminjs('page=1&sortBy=id&direction=asc'),
      match: 'keys',
    },
    {
      scenario: `deep page (${deep.toLocaleString('en')})`,
      kit: `/admin/items?page=${deep}`,
      tuned: `/admin/tuned-items?page=${deep - 1}`,
      tunedCursor: true,
      hand: `/hand/items?page=${deep}`,
      adminjs: adminjs(`page=${deep}&sortBy=id&direction=asc`),
      match: 'keys',
    },
    {
      scenario: 'sort price desc',
      kit: '/admin/items?sort=price&direction=desc',
      tuned: '/admin/tuned-items?sort=price&direction=desc',
      hand: '/hand/items?sort=price&direction=desc',
      adminjs: adminjs('page=1&sortBy=price&direction=desc'),
      match: 'price',
    },
    {
      scenario: 'search "quartz"',
      kit: '/admin/items?search=quartz',
      tuned: '/admin/tuned-items?search=quartz',
      hand: '/hand/items?search=quartz',
      adminjs: adminjs('page=1&sortBy=id&direction=asc&filters.title=quartz'),
      match: 'keys',
    },
    {
      scenario: 'filter status = draft',
      kit: '/admin/items?filters[status]=draft',
      tuned: '/admin/tuned-items?filters[status]=draft',
      hand: '/hand/items?filters[status]=draft',
      adminjs: adminjs('page=1&sortBy=id&direction=asc&filters.status=draft'),
      match: 'keys',
    },
  ]
}

let currentRows = 0
const ITEMS_TABLE = () => `bench_items_${currentRows}`

function sideCall(side: Side, scenario: VersusScenario): Call {
  if (side === 'adminjs') {
    return () => request('GET', scenario.adminjs, undefined, {}, ADMINJS_BASE)
  }
  return () => request('GET', scenario[side])
}

/** The rows an answer lists, as keys or as the sorted column's values. */
function listed(side: Side, sample: Sample, match: VersusScenario['match']): unknown[] {
  const body = JSON.parse(sample.body)
  if (side === 'adminjs') {
    return body.records.map((record: any) => (match === 'keys' ? record.id : record.params.price))
  }
  return body.props.table.rows.map((row: any) => (match === 'keys' ? row.key : row.values.price))
}

/**
 * `CONCURRENCY` clients sending the same request back to back for `seconds`:
 * completed requests per second (answers other than 200 are not counted).
 */
async function throughput(call: Call, seconds: number): Promise<number> {
  const deadline = performance.now() + seconds * 1000
  let done = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const sample = await call(0)
        if (sample.status === 200) done++
      }
    })
  )
  return done / ((performance.now() - started) / 1000)
}

/**
 * The five list scenarios on each side: the answers checked (same rows as
 * the kit), then latency at concurrency 1 (the sides alternate request by
 * request, in rotating order), then throughput at CONCURRENCY (the sides
 * alternate in slices of half a second), so that the shared machine's
 * noise hits every side alike.
 */
async function versus(lastPage: number, withAdminJS: boolean): Promise<VersusRow[]> {
  const sides: Side[] = withAdminJS ? ['kit', 'tuned', 'hand', 'adminjs'] : ['kit', 'tuned', 'hand']
  const rows: VersusRow[] = []
  for (const scenario of versusScenarios(lastPage)) {
    if (scenario.tunedCursor) {
      /* the deep page through the keyset cursor of the page before it */
      const before = propsOf(await request('GET', scenario.tuned))
      scenario.tuned = `/admin/tuned-items?cursor=${before.table.pagination.cursors.next}`
    }
    const row: VersusRow = {
      scenario: scenario.scenario,
      latency: {},
      throughput: {},
      bytes: {},
      queries: {},
      sameAsHand: false,
      sameAsTuned: false,
      sameAsAdminJS: null,
      status: 'ok',
      phases: {},
    }
    const first: Partial<Record<Side, Sample>> = {}
    for (const side of sides) {
      first[side] = await sideCall(side, scenario)(0)
      row.bytes[side] = Buffer.byteLength(first[side]!.body)
      row.queries[side] = first[side]!.queries
      row.latency[side] = []
      row.throughput[side] = 0
    }
    row.sameAsHand = sameProps(scenario.scenario, propsOf(first.kit!), propsOf(first.hand!))
    row.sameAsTuned = isDeepStrictEqual(
      listed('kit', first.kit!, 'keys'),
      listed('tuned', first.tuned!, 'keys')
    )
    if (first.adminjs) {
      row.sameAsAdminJS = isDeepStrictEqual(
        listed('kit', first.kit!, scenario.match),
        listed('adminjs', first.adminjs, scenario.match)
      )
      if (!row.sameAsAdminJS) {
        console.error(`[bench] ${scenario.scenario}: AdminJS lists other rows than the kit`)
      }
    }

    /* warm-up, then latency at concurrency 1 */
    const warm: number[] = []
    for (let index = 0; index < 5; index++) {
      for (const side of sides) {
        const sample = await sideCall(side, scenario)(index)
        warm.push(sample.ms)
      }
    }
    const rounds = Math.max(15, Math.min(300, Math.round((SECONDS * 1000) / median(warm))))
    for (let index = 0; index < rounds; index++) {
      const order = sides.map((_, position) => sides[(position + index) % sides.length])
      for (const side of order) {
        const sample = await sideCall(side, scenario)(index)
        if (sample.status !== 200) row.status = `${side} answered ${sample.status}`
        row.latency[side]!.push(sample.ms)
      }
    }

    /* BENCH_PHASES=1: where the time goes on the server, per side */
    if (PHASES) {
      for (const side of sides.filter((name) => name !== 'adminjs')) {
        const samples: Array<Record<string, number>> = []
        for (let index = 0; index < 30; index++) {
          samples.push(phasesOf(await sideCall(side, scenario)(index)))
        }
        row.phases[side] = Object.fromEntries(
          PHASE_NAMES.map((name) => [name, median(samples.map((phases) => phases[name] ?? 0))])
        )
      }
    }

    /* throughput at CONCURRENCY */
    const slices = Math.max(2, Math.round(SECONDS / 0.5))
    for (let index = 0; index < slices; index++) {
      const order = sides.map((_, position) => sides[(position + index) % sides.length])
      for (const side of order) {
        row.throughput[side]! += (await throughput(sideCall(side, scenario), 0.5)) / slices
      }
    }
    rows.push(row)
    console.log(
      `  ${currentRows} ${scenario.scenario}: ${sides
        .map(
          (side) =>
            `${side} ${ms(median(row.latency[side]!))} ms, ${row.throughput[side]!.toFixed(0)} req/s`
        )
        .join('; ')}`
    )
  }
  return rows
}

/* related rows of every seeded item, and of the one item with many more
   (bench/app/database/seed.ts) */
const NOTES_PER_ITEM = 3
const LABELS_PER_ITEM = 2
const HEAVY_ITEM = 4
const HEAVY_NOTES = 200
const LABELS = 20

/** The form-only edit page carries no relation manager. */
function formOnly(props: any) {
  return Array.isArray(props.relations) && props.relations.length === 0 && Boolean(props.form)
}

/** The relations prop of the admin's edit page: both managers with their rows. */
function twoManagers(props: any) {
  const [notes, labels] = props.relations ?? []
  return (
    props.relations.length === 2 &&
    notes.contract === 'kit.resources.relation-manager.v1' &&
    notes.table.rows.length === NOTES_PER_ITEM &&
    labels.table.rows.length === LABELS_PER_ITEM
  )
}

const NEW_ITEM = { title: 'Benchmark  item', status: 'draft', price: 120, authorId: 7 }

async function otherScenarios(): Promise<Row[]> {
  const other: Row[] = []

  /* edit page, form only: the editor (user 2) edits an item of theirs
     (author 2: row 679 of every size); the relation managers are for admins
     only, so this page carries \`relations: []\` */
  const editor = { 'x-bench-user': '2' }
  const formKey = 679
  const kitForm = await request('GET', `/admin/items/${formKey}/edit`, undefined, editor)
  const handForm = await request('GET', `/hand/items/${formKey}/edit`, undefined, editor)
  const form = await compare(
    () => request('GET', `/admin/items/${formKey}/edit`, undefined, editor),
    () => request('GET', `/hand/items/${formKey}/edit`, undefined, editor),
    200
  )
  other.push({
    scenario: 'edit page (form only)',
    comparison: form,
    same:
      sameProps('edit page (form only)', propsOf(kitForm), propsOf(handForm)) &&
      formOnly(propsOf(kitForm)),
  })

  /* edit page with the two relation managers (admin): the form, the first
     page of the item's notes (has-many) and of its labels (many-to-many,
     pivot column) */
  const editKey = 3
  const kitEdit = await request('GET', `/admin/items/${editKey}/edit`)
  const handEdit = await request('GET', `/hand/items/${editKey}/edit`)
  const edit = await compare(
    () => request('GET', `/admin/items/${editKey}/edit`),
    () => request('GET', `/hand/items/${editKey}/edit`),
    200
  )
  other.push({
    scenario: `edit page with two relation managers (${NOTES_PER_ITEM} notes, ${LABELS_PER_ITEM} labels)`,
    comparison: edit,
    same:
      sameProps('edit page with relation managers', propsOf(kitEdit), propsOf(handEdit)) &&
      twoManagers(propsOf(kitEdit)),
  })

  /* create: validation + transaction + hook, answered with a redirect */
  const create = await compare(
    () => request('POST', '/admin/items', NEW_ITEM, { 'x-inertia': '' }),
    () => request('POST', '/hand/items', NEW_ITEM, { 'x-inertia': '' }),
    302
  )
  other.push({ scenario: 'create (POST, 302)', comparison: create })

  /* update of a record the create runs added (the seeded rows stay as they are) */
  const created = await request('POST', '/admin/items', NEW_ITEM, { 'x-inertia': '' })
  const id = /\/(\d+)\/edit/.exec(created.headers.get('location') ?? '')?.[1]
  const body = (index: number) => ({ ...NEW_ITEM, title: `Updated item ${index}` })
  const update = await compare(
    (index) => request('PATCH', `/admin/items/${id}`, body(index), { 'x-inertia': '' }),
    (index) => request('PATCH', `/hand/items/${id}`, body(index + 1), { 'x-inertia': '' }),
    302
  )
  other.push({ scenario: 'update (PATCH, 302)', comparison: update })

  /* GET /admin/search: GlobalSearch.across(...).search(term, user) over items, authors, users */
  const path = '/admin/search?q=am'
  const json = { 'x-inertia': '' }
  const kitSearch = await request('GET', path, undefined, json)
  const handSearch = await request('GET', '/hand/search?q=am', undefined, json)
  const search = await compare(
    () => request('GET', path, undefined, json),
    () => request('GET', '/hand/search?q=am', undefined, json),
    200
  )
  other.push({
    scenario: 'global search "am" across three resources (JSON)',
    comparison: search,
    same: isDeepStrictEqual(JSON.parse(kitSearch.body), JSON.parse(handSearch.body)),
  })
  return other
}

interface BulkRow {
  action: string
  affected: number
  ms: number
  heapPeak: number
  rssPeak: number
  queries: number
}

async function bulkScenarios(): Promise<BulkRow[]> {
  const runs: Array<[string, string, Record<string, unknown>]> = [
    ['delete (soft, query-wide)', 'delete', { selectAll: true }],
    [
      'restore (query-wide, trashed only)',
      'restore',
      { selectAll: true, filters: { trashed: 'only' } },
    ],
    [
      'force delete (query-wide, with trashed)',
      'forceDelete',
      { selectAll: true, filters: { trashed: 'with' } },
    ],
  ]
  const results: BulkRow[] = []
  for (const [action, name, body] of runs) {
    const sample = await request('POST', `/admin/bulk-items/bulk-actions/${name}`, body, {
      'accept': 'application/json',
      'x-inertia': '',
      'x-bench-memory': '1',
    })
    if (sample.status !== 200) {
      throw new Error(`bulk ${name} answered ${sample.status}: ${sample.body.slice(0, 500)}`)
    }
    results.push({
      action,
      affected: JSON.parse(sample.body).affected,
      ms: sample.ms,
      heapPeak: Number(sample.headers.get('x-bench-heap-peak')),
      rssPeak: Number(sample.headers.get('x-bench-rss-peak')),
      queries: sample.queries,
    })
    console.log(`  bulk ${action}: ${ms(sample.ms)} ms`)
  }
  return results
}

interface FormattedRun {
  requests: number
  medianMs: number
  rssBefore: number
  rssAfter: number
  rssRounds: number[]
  heapAfter: number
}

/**
 * The formatted-list memory run, in a freshly started server: the RSS and
 * heap after a full GC, then N list pages of 100 rows with money, number,
 * date-time and relative-time cells and two summaries (four rounds over
 * the first pages, sequential), then the RSS and heap after a full GC
 * again; the RSS after each round shows whether it stays flat.
 */
async function formattedListScenario(): Promise<FormattedRun> {
  const memory = async () => {
    const response = await fetch(`${BASE}/__bench/memory`)
    return (await response.json()) as { rss: number; heapUsed: number }
  }
  const first = await request('GET', '/admin/formatted-items')
  if (first.status !== 200 || !propsOf(first).table.summaries) {
    throw new Error(`the formatted list answered ${first.status}: ${first.body.slice(0, 500)}`)
  }
  const before = await memory()
  const times: number[] = []
  const rssRounds: number[] = []
  const rounds = 4
  for (let round = 0; round < rounds; round++) {
    for (let index = 0; index < FORMATTED_REQUESTS / rounds; index++) {
      const sample = await request('GET', `/admin/formatted-items?page=${(index % 20) + 1}`)
      if (sample.status !== 200) throw new Error(`the formatted list answered ${sample.status}`)
      times.push(sample.ms)
    }
    const usage = await memory()
    rssRounds.push(usage.rss)
  }
  const after = await memory()
  const run: FormattedRun = {
    requests: times.length,
    medianMs: median(times),
    rssBefore: before.rss,
    rssAfter: after.rss,
    rssRounds,
    heapAfter: after.heapUsed,
  }
  console.log(
    `  formatted list: ${run.requests} requests, RSS ${mb(run.rssBefore)} -> ${mb(run.rssAfter)} MB, heap ${mb(run.heapAfter)} MB`
  )
  return run
}

function formattedLines(run: FormattedRun | undefined) {
  if (!run) return []
  return [
    `Formatted list (100 rows a page: money with sum and average summaries, two numbers, a date-time, a relative time), ${run.requests} sequential requests in a fresh server, memory after a full GC:`,
    '',
    '| requests | median (ms) | RSS before (MB) | RSS after each quarter of the requests (MB) | RSS after (MB) | heap after (MB) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${run.requests} | ${ms(run.medianMs)} | ${mb(run.rssBefore)} | ${run.rssRounds.map(mb).join(' / ')} | ${mb(run.rssAfter)} | ${mb(run.heapAfter)} |`,
    '',
  ]
}

/* ------------------------------------------------------------------------ */
/* report                                                                    */
/* ------------------------------------------------------------------------ */

interface DatabaseResult {
  db: string
  version: string
  sizes: SizeResult[]
  bulk: BulkRow[]
  bulkNote?: string
  formatted?: FormattedRun
  error?: string
}

function comparisonRow(rows: number, row: Row) {
  if (!row.comparison) {
    return `| ${rows.toLocaleString('en')} | ${row.scenario} | ${row.note} | | | | | | |`
  }
  const c = row.comparison
  const ratio = median(c.kit) / median(c.hand)
  const same = row.same === undefined ? 'n/a' : row.same ? 'yes' : '**no**'
  const status = c.status === 'ok' ? '' : ` (${c.status})`
  return `| ${rows.toLocaleString('en')} | ${row.scenario}${status} | ${ms(median(c.kit))} / ${ms(quantile(c.kit, 0.95))} | ${ms(median(c.hand))} / ${ms(quantile(c.hand, 0.95))} | **${ratio.toFixed(2)}x** | ${c.kitQueries} / ${c.handQueries} | ${same} | ${c.kit.length} |`
}

const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || !b ? 'n/a' : `**${(a / b).toFixed(2)}x**`

const latency = (values: number[] | undefined) =>
  values?.length ? `${ms(median(values))} / ${ms(quantile(values, 0.95))}` : 'n/a'

const kb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : (bytes / 1024).toFixed(1))

/**
 * The list scenarios against the hand-written controller and AdminJS:
 * latency ratios (kit median / other median: under 1 the kit is faster)
 * and throughput ratios (kit req/s / other req/s: over 1 the kit is faster).
 */
function renderVersus(result: DatabaseResult): string[] {
  const lines: string[] = []
  const adminjs = result.sizes.some((size) => size.versus.some((row) => row.latency.adminjs))
  lines.push(
    `List API, 25 rows a page. **kit**: the item resource as configured for the other scenarios (the default configuration: automatic counts, numbered pages); **tuned**: the same resource, pages and policy with \`countStrategy('estimate', { threshold: 50_000 })\` and \`keysetPagination()\` (its deep page is read through the cursor of the page before it); **hand**: the hand-written controller; **AdminJS**: its list API (${adminjs ? 'PostgreSQL only: @adminjs/sql has no SQLite adapter' : 'not measured here: @adminjs/sql has no SQLite adapter'}). Latency at concurrency 1 in ms (median / p95); a latency ratio is kit median / other median (under 1: the kit is faster).`,
    ''
  )
  lines.push(
    '| rows | scenario | kit ms | tuned ms | hand ms | AdminJS ms | kit/hand | tuned/hand | kit/AdminJS | tuned/AdminJS | queries kit / tuned / hand | KB kit / AdminJS | same rows as kit: hand, tuned, AdminJS |'
  )
  lines.push(
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |'
  )
  const yes = (value: boolean | null) => (value === null ? 'n/a' : value ? 'yes' : '**no**')
  for (const size of result.sizes) {
    for (const row of size.versus) {
      const medianOf = (side: Side) => (row.latency[side] ? median(row.latency[side]!) : undefined)
      const status = row.status === 'ok' ? '' : ` (${row.status})`
      lines.push(
        `| ${size.rows.toLocaleString('en')} | ${row.scenario}${status} | ${latency(row.latency.kit)} | ${latency(row.latency.tuned)} | ${latency(row.latency.hand)} | ${latency(row.latency.adminjs)} | ${ratio(medianOf('kit'), medianOf('hand'))} | ${ratio(medianOf('tuned'), medianOf('hand'))} | ${ratio(medianOf('kit'), medianOf('adminjs'))} | ${ratio(medianOf('tuned'), medianOf('adminjs'))} | ${row.queries.kit} / ${row.queries.tuned} / ${row.queries.hand} | ${kb(row.bytes.kit)} / ${kb(row.bytes.adminjs)} | ${yes(row.sameAsHand)}, ${yes(row.sameAsTuned)}, ${yes(row.sameAsAdminJS)} |`
      )
    }
  }
  lines.push('')
  lines.push(
    `Throughput at concurrency ${CONCURRENCY} (req/s; the sides alternate in half-second slices); a throughput ratio is kit req/s / other req/s (over 1: the kit is faster).`,
    ''
  )
  lines.push(
    '| rows | scenario | req/s kit / tuned / hand / AdminJS | kit/hand | tuned/hand | kit/AdminJS | tuned/AdminJS |'
  )
  lines.push('| ---: | --- | ---: | ---: | ---: | ---: | ---: |')
  for (const size of result.sizes) {
    for (const row of size.versus) {
      const rps = (side: Side) =>
        row.throughput[side] === undefined ? 'n/a' : row.throughput[side]!.toFixed(0)
      const t = row.throughput
      lines.push(
        `| ${size.rows.toLocaleString('en')} | ${row.scenario} | ${rps('kit')} / ${rps('tuned')} / ${rps('hand')} / ${rps('adminjs')} | ${ratio(t.kit, t.hand)} | ${ratio(t.tuned, t.hand)} | ${ratio(t.kit, t.adminjs)} | ${ratio(t.tuned, t.adminjs)} |`
      )
    }
  }
  lines.push('')
  if (PHASES) {
    lines.push(
      'Per-phase server time (BENCH_PHASES=1; medians of 30 requests, ms): the time waiting for each kind of statement (the pagination and badge counts, the estimate, the page of rows, the eager loads, others) and the rest of the request in the server (`code`: middleware, authorization, serialization, Inertia rendering).',
      ''
    )
    lines.push(`| rows | scenario | side | ${PHASE_NAMES.join(' | ')} |`)
    lines.push(`| ---: | --- | --- | ${PHASE_NAMES.map(() => '---:').join(' | ')} |`)
    for (const size of result.sizes) {
      for (const row of size.versus) {
        for (const [side, phases] of Object.entries(row.phases)) {
          lines.push(
            `| ${size.rows.toLocaleString('en')} | ${row.scenario} | ${side} | ${PHASE_NAMES.map((name) => phases[name].toFixed(2)).join(' | ')} |`
          )
        }
      }
    }
    lines.push('')
  }
  lines.push(
    '| rows | deep page / first page, kit (numbered) | deep page / first page, tuned (cursor) | search p50, kit (ms) |'
  )
  lines.push('| ---: | ---: | ---: | ---: |')
  for (const size of result.sizes) {
    const [first, deep, , search] = size.versus
    const at = (row: VersusRow, side: Side) => median(row.latency[side]!)
    lines.push(
      `| ${size.rows.toLocaleString('en')} | ${(at(deep, 'kit') / at(first, 'kit')).toFixed(2)}x | ${(at(deep, 'tuned') / at(first, 'tuned')).toFixed(2)}x | ${ms(at(search, 'kit'))} |`
    )
  }
  lines.push('')
  return lines
}

function render(results: DatabaseResult[], info: Record<string, any>) {
  const lines: string[] = []
  const cpu = cpus()
  lines.push('# adonis-kit benchmark results', '')
  lines.push(`Run: ${new Date().toISOString()}  `)
  lines.push(
    `Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 1024 ** 3).toFixed(1)} GB RAM, ${platform()} ${release()} (shared with other workloads: expect noise)  `
  )
  lines.push(
    `Node ${info.node ?? process.version}; ${Object.entries(info.versions ?? {})
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}  `
  )
  lines.push(
    `Sizes: ${SIZES.join(', ')} rows; ${SECONDS} s of samples per scenario and side; times in ms over loopback HTTP, median / p95; ratio = kit median / hand-written median.`,
    ''
  )

  for (const result of results) {
    lines.push(`## ${result.version || result.db}`, '')
    if (result.error) {
      lines.push(`Not measured: ${result.error}`, '')
      continue
    }
    lines.push(...renderVersus(result))
    lines.push(
      '| rows | scenario | kit ms (median / p95) | hand-written ms (median / p95) | ratio | queries kit / hand | same props | samples |'
    )
    lines.push('| ---: | --- | ---: | ---: | ---: | ---: | :---: | ---: |')
    for (const size of result.sizes) {
      for (const row of [...size.list, ...size.other]) {
        lines.push(comparisonRow(size.rows, row))
      }
    }
    lines.push('')
    lines.push(
      `| rows | seeding (s, 0 = reused) | kit queries per list page at perPage 10 / 25 / 100 | slowest deep page (middle or last) / first page, kit medians | kit queries of the edit page with relation managers: ${NOTES_PER_ITEM} notes + ${LABELS_PER_ITEM} labels / ${HEAVY_NOTES} notes + ${LABELS} labels (same props) |`
    )
    lines.push('| ---: | ---: | :---: | ---: | :---: |')
    for (const size of result.sizes) {
      const q = size.queriesByPageSize
      lines.push(
        `| ${size.rows.toLocaleString('en')} | ${size.seedSeconds.toFixed(1)} | ${q[10]} / ${q[25]} / ${q[100]} | ${(size.deepPageMs / size.firstPageMs).toFixed(2)}x (pages ${size.deepPage.toLocaleString('en')} and last) | ${size.relationQueries.light} / ${size.relationQueries.heavy} (${size.relationQueries.heavySame ? 'yes' : '**no**'}) |`
      )
    }
    lines.push('')
    if (result.bulk.length) {
      lines.push(
        `Query-wide bulk actions on a table of ${BULK_ROWS.toLocaleString('en')} rows (every 50th trashed), one request each, 500 records a chunk:`,
        ''
      )
      lines.push(
        '| bulk action | records affected | time (s) | peak heap growth (MB) | peak RSS growth (MB) | queries |'
      )
      lines.push('| --- | ---: | ---: | ---: | ---: | ---: |')
      for (const bulk of result.bulk) {
        lines.push(
          `| ${bulk.action} | ${bulk.affected.toLocaleString('en')} | ${(bulk.ms / 1000).toFixed(2)} | ${mb(bulk.heapPeak)} | ${mb(bulk.rssPeak)} | ${bulk.queries} |`
        )
      }
      lines.push('')
    } else if (result.bulkNote) {
      lines.push(result.bulkNote, '')
    }
    lines.push(...formattedLines(result.formatted))
  }
  return lines.join('\n')
}

/* ------------------------------------------------------------------------ */
/* main                                                                      */
/* ------------------------------------------------------------------------ */

const results: DatabaseResult[] = []
let info: Record<string, any> = {}

/* `npm run bench -- formatted`: the formatted-list memory run only */
if (ONLY_FORMATTED) {
  const rows = SIZES[0]
  for (const db of DBS) {
    console.log(`${db}: ${rows} rows: seeding`)
    await seed(db, rows, 0)
    const run = await inFreshServer(db, rows, formattedListScenario)
    console.log(`\n${db}, ${rows.toLocaleString('en')} rows\n`)
    console.log(formattedLines(run).join('\n'))
  }
  process.exit(0)
}

for (const db of DBS) {
  const result: DatabaseResult = { db, version: '', sizes: [], bulk: [] }
  results.push(result)
  try {
    for (const [position, rows] of SIZES.entries()) {
      const last = position === SIZES.length - 1
      console.log(`${db}: ${rows} rows: seeding`)
      const seeded = await seed(db, rows, last ? BULK_ROWS : 0)
      const server = await startServer(db, rows)
      const withAdminJS = ADMINJS && db === 'pg'
      if (withAdminJS) await ensureAdminJS()
      const adminjs = withAdminJS ? await startAdminJS(rows) : null
      try {
        const response = await fetch(`${BASE}/__bench/info`)
        info = (await response.json()) as Record<string, any>
        result.version = info.database
        currentRows = rows
        await warmUp()
        const lastPage = propsOf(await request('GET', '/admin/items')).table.pagination.lastPage
        const versusRows = await versus(lastPage, withAdminJS)
        const size: SizeResult = {
          rows,
          seedSeconds: seeded.seconds,
          versus: versusRows,
          ...(await listScenarios(rows)),
          other: await otherScenarios(),
          relationQueries: await relationQueryCounts(),
        }
        result.sizes.push(size)
      } finally {
        await stopServer(server)
        if (adminjs) await stopServer(adminjs)
      }
      /* bulk actions in a freshly started server, so that the memory they
         measure is theirs and not the heap left by the list scenarios */
      if (last && BULK_ROWS > 0) {
        result.bulk = await inFreshServer(db, rows, bulkScenarios)
      }
      /* the formatted list in a freshly started server too: its RSS is its own */
      if (last && FORMATTED_REQUESTS > 0) {
        result.formatted = await inFreshServer(db, rows, formattedListScenario)
      }
    }
    if (BULK_ROWS <= 0) result.bulkNote = 'Bulk actions: skipped (BENCH_BULK_ROWS=0).'
  } catch (error) {
    result.error = (error as Error).message.split('\n').slice(0, 3).join(' ')
    console.error(error)
  }
}

const markdown = render(results, info)
const outputPath = resolvePath(ROOT, OUTPUT)
await mkdir(dirname(outputPath), { recursive: true })
await writeFile(outputPath, `${markdown}\n`)
console.log(`\n${markdown}`)
console.log(`\nwritten to ${outputPath}`)
