import { randomUUID } from 'node:crypto'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { KitConfigurationException } from '../../support/errors.ts'

/**
 * The table of the kit's job records (published by `node ace configure
 * adonis-kit`).
 */
export const JOBS_TABLE = 'kit_jobs'

/**
 * The states of a job.
 */
export type JobStatus = 'queued' | 'running' | 'completed' | 'failed'

/**
 * One job record, as the kit reads it.
 */
export interface JobRecord {
  id: string
  kind: string
  userId: string
  panel: string | null
  mount: string
  tenantKey: string | null
  status: JobStatus
  total: number
  processed: number
  failed: number
  /** The key of the last record of the last applied chunk */
  cursor: string | null
  payload: Record<string, any>
  result: Record<string, any> | null
  error: string | null
  attempts: number
  startedAt: Date | null
  finishedAt: Date | null
  heartbeatAt: Date | null
  createdAt: Date
}

let connection: (() => QueryClientContract) | null = null

/**
 * Tell the job store which database connection holds `kit_jobs` (the
 * provider does it at boot: the app's default connection).
 */
export function useJobConnection(resolver: () => QueryClientContract) {
  connection = resolver
}

/**
 * The connection of the job records.
 */
export function jobClient(): QueryClientContract {
  if (!connection) {
    throw new KitConfigurationException('adonis-kit jobs need @adonisjs/lucid (no connection)')
  }
  return connection()
}

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null
  return value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value))
}

function parseJson(value: unknown) {
  if (value === null || value === undefined) return null
  return typeof value === 'string' ? JSON.parse(value) : value
}

function fromRow(row: Record<string, any>): JobRecord {
  return {
    id: row.id,
    kind: row.kind,
    userId: String(row.user_id),
    panel: row.panel ?? null,
    mount: row.mount,
    tenantKey: row.tenant_key ?? null,
    status: row.status,
    total: Number(row.total ?? 0),
    processed: Number(row.processed ?? 0),
    failed: Number(row.failed ?? 0),
    cursor: row.cursor ?? null,
    payload: parseJson(row.payload) ?? {},
    result: parseJson(row.result),
    error: row.error ?? null,
    attempts: Number(row.attempts ?? 0),
    startedAt: toDate(row.started_at),
    finishedAt: toDate(row.finished_at),
    heartbeatAt: toDate(row.heartbeat_at),
    createdAt: toDate(row.created_at)!,
  }
}

/**
 * Create a queued job record.
 */
export async function createJob(data: {
  kind: string
  userId: string
  panel: string | null
  mount: string
  tenantKey: string | null
  payload: Record<string, any>
}): Promise<JobRecord> {
  const id = randomUUID()
  const now = new Date()
  await jobClient()
    .insertQuery()
    .table(JOBS_TABLE)
    .insert({
      id,
      kind: data.kind,
      user_id: data.userId,
      panel: data.panel,
      mount: data.mount,
      tenant_key: data.tenantKey,
      status: 'queued',
      total: 0,
      processed: 0,
      failed: 0,
      attempts: 0,
      payload: JSON.stringify(data.payload),
      created_at: now,
      updated_at: now,
    })
  return (await findJob(id))!
}

/**
 * Read a job record by id (null for anything that is not a known id).
 */
export async function findJob(id: unknown): Promise<JobRecord | null> {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id)) return null
  const row = await jobClient().from(JOBS_TABLE).where('id', id).first()
  return row ? fromRow(row) : null
}

/** The columns of a job record that change while it runs */
type UpdatableJobColumn =
  | 'status'
  | 'total'
  | 'processed'
  | 'failed'
  | 'cursor'
  | 'result'
  | 'error'
  | 'attempts'
  | 'startedAt'
  | 'finishedAt'
  | 'heartbeatAt'

function affectedRows(updated: unknown): number {
  return Array.isArray(updated) ? Number(updated[0] ?? 0) : Number(updated)
}

/**
 * Update a job record's columns (snake_case names, JSON values encoded).
 * With `attempt`, only while that claim still holds the job (running,
 * claimed `attempt` times): answers false when another worker took it
 * over since.
 */
export async function updateJob(
  id: string,
  values: Partial<Pick<JobRecord, UpdatableJobColumn>>,
  client: QueryClientContract = jobClient(),
  attempt?: number
): Promise<boolean> {
  const row: Record<string, unknown> = { updated_at: new Date() }
  for (const [name, value] of Object.entries(values)) {
    const column = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
    row[column] = name === 'result' && value !== null ? JSON.stringify(value) : value
  }
  const query = client.query().from(JOBS_TABLE).where('id', id)
  if (attempt !== undefined) {
    query.where('status', 'running').where('attempts', attempt)
  }
  return affectedRows(await query.update(row)) === 1
}

function claimable(query: any, stalledBefore: Date) {
  query
    .where('status', 'queued')
    .orWhere((running: any) =>
      running
        .where('status', 'running')
        .where((stale: any) =>
          stale.whereNull('heartbeat_at').orWhere('heartbeat_at', '<', stalledBefore)
        )
    )
}

/**
 * Claim a queued (or a stalled running) job for this worker, in one
 * conditional update: only one worker wins it, however many processes
 * try. Answers the claim's number (the job's attempts, counted by the same
 * update: the fencing token of the winner's later writes), or null when
 * another worker holds the job or it has ended.
 */
export async function claimJob(id: string, stalledBefore: Date): Promise<number | null> {
  const client = jobClient()
  const now = new Date()
  const updated = await client
    .query()
    .from(JOBS_TABLE)
    .where('id', id)
    .where((query) => claimable(query, stalledBefore))
    .update({
      status: 'running',
      attempts: client.raw('attempts + 1'),
      heartbeat_at: now,
      updated_at: now,
    })
  if (affectedRows(updated) !== 1) {
    return null
  }
  const row = await client.from(JOBS_TABLE).where('id', id).select('attempts').first()
  return row ? Number(row.attempts) : null
}

/**
 * Ids of jobs a dead worker left behind: running without a recent
 * heartbeat, or queued for longer than the staleness window (a job just
 * queued is its own process's to start, or to remove as a duplicate).
 */
export async function abandonedJobs(stalledBefore: Date, limit = 50): Promise<string[]> {
  const rows = await jobClient()
    .from(JOBS_TABLE)
    .select('id')
    .where((query) => claimable(query, stalledBefore))
    .where('created_at', '<', stalledBefore)
    .orderBy('created_at', 'asc')
    .limit(limit)
  return rows.map((row: { id: string }) => row.id)
}

/**
 * The queued and running jobs of one user on one mount, of one kind (the
 * candidates a new identical request is compared with).
 */
export async function activeJobs(data: {
  kind: string
  userId: string
  panel: string | null
  mount: string
  tenantKey: string | null
}): Promise<JobRecord[]> {
  const query = jobClient()
    .from(JOBS_TABLE)
    .where('kind', data.kind)
    .where('user_id', data.userId)
    .where('mount', data.mount)
    .whereIn('status', ['queued', 'running'])
  for (const [column, value] of [
    ['panel', data.panel],
    ['tenant_key', data.tenantKey],
  ] as const) {
    if (value === null) query.whereNull(column)
    else query.where(column, value)
  }
  const rows = await query.orderBy('created_at', 'asc').orderBy('id', 'asc')
  return rows.map(fromRow)
}

/**
 * Remove a job record (a duplicate that lost the race to an identical
 * job, before any worker saw it).
 */
export async function deleteJob(id: string) {
  await jobClient().query().from(JOBS_TABLE).where('id', id).where('status', 'queued').delete()
}
