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

/**
 * Update a job record's columns (snake_case names, JSON values encoded).
 */
export async function updateJob(
  id: string,
  values: Partial<Pick<JobRecord, UpdatableJobColumn>>,
  client: QueryClientContract = jobClient()
) {
  const row: Record<string, unknown> = { updated_at: new Date() }
  for (const [name, value] of Object.entries(values)) {
    const column = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
    row[column] = name === 'result' && value !== null ? JSON.stringify(value) : value
  }
  await client.query().from(JOBS_TABLE).where('id', id).update(row)
}

/**
 * Claim a queued (or a stalled running) job for this worker: only one
 * worker wins the update.
 */
export async function claimJob(id: string, stalledBefore: Date): Promise<boolean> {
  const now = new Date()
  const updated = await jobClient()
    .query()
    .from(JOBS_TABLE)
    .where('id', id)
    .where((query) => {
      query
        .where('status', 'queued')
        .orWhere((running) =>
          running.where('status', 'running').where('heartbeat_at', '<', stalledBefore)
        )
    })
    .update({ status: 'running', heartbeat_at: now, updated_at: now })
  const count = Array.isArray(updated) ? Number(updated[0] ?? 0) : Number(updated)
  return count === 1
}

/**
 * Ids of jobs a dead worker left behind (running without a recent
 * heartbeat) and of queued jobs never picked up.
 */
export async function abandonedJobs(stalledBefore: Date, limit = 50): Promise<string[]> {
  const rows = await jobClient()
    .from(JOBS_TABLE)
    .select('id')
    .where((query) => {
      query
        .where('status', 'queued')
        .orWhere((running) =>
          running.where('status', 'running').where('heartbeat_at', '<', stalledBefore)
        )
    })
    .orderBy('created_at', 'asc')
    .limit(limit)
  return rows.map((row: { id: string }) => row.id)
}
