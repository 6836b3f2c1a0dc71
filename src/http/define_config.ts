import { configProvider } from '@adonisjs/core'
import type { ConfigProvider } from '@adonisjs/core/types'
import { KitConfigurationException } from '../support/errors.ts'
import { Panel, type ResourceReference } from '../definitions/panel/panel.ts'
import type { UserResolver } from '../runtime/mounts/resource_mount.ts'
import type { KitContext } from '../definitions/types.ts'
import type { Resource } from '../definitions/resource/resource.ts'
import { isClass } from '../definitions/resource/resource.ts'
import type { PluginNavigationItem, PluginPage } from '../definitions/plugin/plugin.ts'
import { registerPluginTranslations } from '../i18n/translator.ts'
import { assertVerificationColumn } from '../runtime/account/email_verification.ts'
import {
  auditSettings,
  type AuditConfig,
  type AuditSettings,
} from '../runtime/audit/audit_settings.ts'

/**
 * What config/kit.ts accepts.
 */
export interface KitConfig {
  /** Panels whose routes the provider registers at boot */
  panels?: Panel[]
  /**
   * How the user of a request is found. Default: `ctx.auth.user` after a
   * silent `ctx.auth.check()` when @adonisjs/auth is installed, else null.
   */
  user?: UserResolver
  /**
   * The audit trail of every panel (a panel's `audit()` refines it). Off by
   * default: enable it once the `kit_audit_entries` migration has run.
   */
  audit?: AuditConfig
  /** Background jobs: export, import, query-wide bulk actions (see docs/export-import.md) */
  jobs?: KitJobsConfig
}

/**
 * The `jobs` section of config/kit.ts.
 */
export interface KitJobsConfig {
  /**
   * `embedded` (default): an in-process worker of the web process, no
   * Redis; `queue`: jobs go through @adonisjs/queue (config/queue.ts, Redis
   * or database adapter) and run in `node ace queue:work` processes
   */
  transport?: 'embedded' | 'queue'
  /** Read the user of a job by its id (required with several processes) */
  findUser?: (id: string) => Promise<KitContext['user']>
  /** The Drive disk of export files and import reports (default: a local `storage/kit` folder) */
  disk?: string
  /** The embedded worker's concurrency (default 2) */
  concurrency?: number
  /** Query-wide bulk actions over this many records run as jobs (default 1000) */
  bulkQueueThreshold?: number
  /** How often a running job's worker writes its heartbeat, in ms (default 5 000) */
  heartbeatMs?: number
  /**
   * A running job without a heartbeat for this long is `stalled` (its
   * worker died) and another worker takes it over, in ms (default 3
   * heartbeats; more than `heartbeatMs`)
   */
  staleAfterMs?: number
  /** How often the embedded worker looks for stalled and queued jobs, in ms (default: `heartbeatMs`) */
  recoverEveryMs?: number
}

/**
 * A panel with its resource classes resolved.
 */
export interface ResolvedPanel {
  panel: Panel
  resources: (new () => Resource<any>)[]
  /** The pages and navigation items the panel's plugins add */
  pluginPages: { plugin: string; page: PluginPage }[]
  pluginNavigation: PluginNavigationItem[]
}

/**
 * config/kit.ts after the lazy imports were resolved.
 */
export interface ResolvedKitConfig {
  panels: ResolvedPanel[]
  user: UserResolver
  /** The app-wide audit settings (default: off) */
  audit?: AuditSettings
  jobs?: KitJobsConfig
}

/**
 * The part of `ctx.auth` the default user resolver reads. @adonisjs/auth is
 * optional (no peer dependency), so its augmentation cannot be imported and
 * `ctx.auth` may be missing.
 */
interface AuthLike {
  isAuthenticated?: boolean
  check?: () => Promise<unknown>
  user?: KitContext['user']
}

/**
 * The default user resolver: the session (or any) guard of @adonisjs/auth.
 */
export const defaultUserResolver: UserResolver = async (ctx) => {
  const auth = (ctx as { auth?: AuthLike }).auth
  if (!auth) {
    return null
  }
  if (!auth.isAuthenticated && typeof auth.check === 'function') {
    await auth.check()
  }
  return auth.user ?? null
}

async function resolveResource(
  reference: ResourceReference,
  where: string
): Promise<new () => Resource<any>> {
  let ResourceClass: unknown = reference
  if (!isClass(reference)) {
    const module = await (reference as () => Promise<{ default: new () => Resource<any> }>)()
    ResourceClass = module.default
  }
  if (!isClass(ResourceClass)) {
    throw new KitConfigurationException(
      `${where}: expected a resource class or a lazy import of one`
    )
  }
  return ResourceClass
}

/**
 * Define the kit's configuration. Checks the shape at once and resolves the
 * lazily imported resources when the provider boots.
 *
 * @example
 * ```ts
 * import { defineConfig, panel } from 'adonis-kit'
 *
 * export default defineConfig({
 *   panels: [
 *     panel('admin')
 *       .path('/admin')
 *       .authMiddleware([() => import('#middleware/auth_middleware')])
 *       .resources([() => import('#resources/post_resource')]),
 *   ],
 * })
 * ```
 */
export function defineConfig(config: KitConfig): ConfigProvider<ResolvedKitConfig> {
  if (!config || typeof config !== 'object') {
    throw new KitConfigurationException('config/kit.ts: defineConfig() expects an object')
  }
  const panels = config.panels ?? []
  if (!Array.isArray(panels) || panels.some((entry) => !(entry instanceof Panel))) {
    throw new KitConfigurationException(
      'config/kit.ts: "panels" must be a list of panel(...) definitions'
    )
  }
  const ids = new Set<string>()
  for (const entry of panels) {
    if (ids.has(entry.id)) {
      throw new KitConfigurationException(`config/kit.ts: panel "${entry.id}" is declared twice`)
    }
    ids.add(entry.id)
  }
  if (config.user !== undefined && typeof config.user !== 'function') {
    throw new KitConfigurationException(
      'config/kit.ts: "user" must be a function of the HttpContext'
    )
  }

  const audit = auditSettings(config.audit, 'config/kit.ts')
  const jobs = config.jobs
  if (jobs !== undefined) {
    if (!jobs || typeof jobs !== 'object') {
      throw new KitConfigurationException('config/kit.ts: "jobs" must be an object')
    }
    if (jobs.transport !== undefined && !['embedded', 'queue'].includes(jobs.transport)) {
      throw new KitConfigurationException('config/kit.ts: jobs.transport is "embedded" or "queue"')
    }
    if (jobs.findUser !== undefined && typeof jobs.findUser !== 'function') {
      throw new KitConfigurationException('config/kit.ts: jobs.findUser must be a function')
    }
    for (const name of [
      'concurrency',
      'bulkQueueThreshold',
      'heartbeatMs',
      'staleAfterMs',
      'recoverEveryMs',
    ] as const) {
      const value = jobs[name]
      if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
        throw new KitConfigurationException(
          `config/kit.ts: jobs.${name} must be a positive integer`
        )
      }
    }
    const heartbeat = jobs.heartbeatMs ?? 5_000
    if (jobs.staleAfterMs !== undefined && jobs.staleAfterMs <= heartbeat) {
      throw new KitConfigurationException(
        `config/kit.ts: jobs.staleAfterMs (${jobs.staleAfterMs}) must be longer than jobs.heartbeatMs (${heartbeat}): a live worker's job would count as stalled`
      )
    }
  }

  return configProvider.create(async () => {
    const resolved: ResolvedPanel[] = []
    for (const entry of panels) {
      const resources = []
      for (const [index, reference] of entry.getResources().entries()) {
        resources.push(
          await resolveResource(reference, `Panel "${entry.id}" resource #${index + 1}`)
        )
      }
      /* each plugin: register() runs, the boot check, then what it adds */
      const pluginPages: ResolvedPanel['pluginPages'] = []
      const pluginNavigation: PluginNavigationItem[] = []
      for (const plugin of entry.getPlugins()) {
        const contribution = plugin.contribute(entry.id)
        registerPluginTranslations(plugin.name, plugin.translations())
        for (const [index, reference] of contribution.resources.entries()) {
          resources.push(
            await resolveResource(
              reference,
              `Plugin "${plugin.name}" (panel "${entry.id}") resource #${index + 1}`
            )
          )
        }
        pluginPages.push(...contribution.pages.map((page) => ({ plugin: plugin.name, page })))
        pluginNavigation.push(...contribution.navigation)
      }
      await assertVerificationColumn(entry)
      resolved.push({ panel: entry, resources, pluginPages, pluginNavigation })
    }
    return {
      panels: resolved,
      user: config.user ?? defaultUserResolver,
      audit,
      jobs: jobs ?? {},
    }
  })
}
