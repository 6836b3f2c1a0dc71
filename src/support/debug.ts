import { debuglog } from 'node:util'
import app from '@adonisjs/core/services/app'

/**
 * Debug logger of the package: `NODE_DEBUG=adonis-kit` prints it.
 */
const nodeDebug = debuglog('adonis-kit')
export default nodeDebug

/**
 * What the kit explains about a decision it made: a fail-closed denial, a
 * record not found in a resource's scope, or a boot-time configuration
 * warning.
 */
export interface KitDebugEntry {
  event: 'deny' | 'not-found' | 'policy-methods-missing' | 'version-precision'
  message: string
  details: Record<string, unknown>
  /** Only for NODE_DEBUG and listeners, not the development log (per-row checks) */
  quiet?: boolean
}

const listeners = new Set<(entry: KitDebugEntry) => void>()

/**
 * Listen to the kit's debug entries (tests, custom logging). Returns the
 * function that stops listening.
 */
export function onKitDebug(listener: (entry: KitDebugEntry) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function inDevelopment(): boolean {
  try {
    return app?.inDev === true
  } catch {
    return false
  }
}

/**
 * Whether anything reads the kit's debug entries: `NODE_DEBUG=adonis-kit`,
 * the development environment or a listener. Callers check it before
 * computing an entry, so production pays nothing.
 */
export function kitDebugEnabled(): boolean {
  return nodeDebug.enabled || listeners.size > 0 || inDevelopment()
}

/**
 * Emit a debug entry: to `NODE_DEBUG=adonis-kit`, to the application's
 * logger in development unless quiet (`warn` for configuration warnings,
 * `info` otherwise), and to the listeners.
 */
export function kitDebug(entry: KitDebugEntry) {
  if (nodeDebug.enabled) {
    nodeDebug('%s %j', entry.message, entry.details)
  }
  if (!entry.quiet && inDevelopment()) {
    void import('@adonisjs/core/services/logger')
      .then(({ default: logger }) => {
        const level = entry.event === 'policy-methods-missing' ? 'warn' : 'info'
        logger[level]({ kit: entry.event, ...entry.details }, entry.message)
      })
      .catch(() => {})
  }
  for (const listener of listeners) {
    listener(entry)
  }
}

/**
 * Emit a boot-time warning about data safety: like `kitDebug()`, and to the
 * application's logger (`warn`) in every environment, production included.
 */
export function kitWarning(entry: KitDebugEntry) {
  if (nodeDebug.enabled) {
    nodeDebug('%s %j', entry.message, entry.details)
  }
  void import('@adonisjs/core/services/logger')
    .then(({ default: logger }) => {
      logger.warn({ kit: entry.event, ...entry.details }, entry.message)
    })
    .catch(() => {})
  for (const listener of listeners) {
    listener(entry)
  }
}
