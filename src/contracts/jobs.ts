/**
 * A background job as its owner sees it (the job status route and the
 * answer of an action that started one).
 */
export interface KitJobContract {
  id: string
  /** `export`, `import` or `bulk` */
  kind: string
  /**
   * `stalled`: running, but its worker has written no heartbeat within the
   * staleness window (it died or hangs) and no worker has taken it over yet
   */
  status: 'queued' | 'running' | 'stalled' | 'completed' | 'failed'
  total: number
  processed: number
  failed: number
  /** 0 to 100 */
  percent: number
  /** The URL to poll for this job */
  statusUrl: string
  /** A signed, expiring URL of the produced file (an export) */
  downloadUrl: string | null
  /** A signed, expiring URL of the report of refused rows (an import) */
  reportUrl: string | null
  /** The translated message of the job's state */
  message: string
  /** The reason of a failure (`forbidden` or the error's message) */
  error: string | null
  result: Record<string, unknown> | null
}
