import type { LucidRow } from '@adonisjs/lucid/types/model'
import { kitDebug, kitDebugEnabled } from '../debug.ts'
import type { ResourceOperation } from '../resource/operation.ts'
import type { KitContext, KitUser } from '../types.ts'

/**
 * The part of a resource the denial log reads (kept structural so the
 * resource module can call it without an import cycle).
 */
interface DecidingResource {
  constructor: { name: string }
  policy?: unknown
  canAccess: Function
}

function requestOf(context: KitContext | undefined) {
  const request = context?.http?.request
  return request ? `${request.method()} ${request.url()}` : null
}

/**
 * Why the default `canAccess()` denied: no user, no policy, a policy
 * without the ability's method, or the method's answer.
 */
async function reasonOf(
  resource: DecidingResource,
  ability: string,
  user: KitUser | null,
  defaultCanAccess: Function,
  resolvePolicy: (reference: any) => Promise<Function>
): Promise<{ policy: string | null; reason: string }> {
  if (resource.canAccess !== defaultCanAccess) {
    return { policy: null, reason: `${resource.constructor.name}.canAccess() did not return true` }
  }
  if (!user) {
    return { policy: null, reason: 'no authenticated user' }
  }
  if (!resource.policy) {
    return { policy: null, reason: 'the resource declares no policy' }
  }
  const Policy = (await resolvePolicy(resource.policy)) as any
  const name = Policy?.name ?? 'policy'
  if (typeof Policy?.prototype?.[ability] !== 'function') {
    return { policy: name, reason: `${name} has no ${ability}() method (fail-closed)` }
  }
  return { policy: name, reason: `${name}.${ability}() did not return true` }
}

/**
 * Log a fail-closed denial (NODE_DEBUG=adonis-kit, development): the
 * resource, the operation, the policy ability, the policy, the record key
 * and why. Does nothing unless someone reads the debug log.
 */
export async function logDenial(
  resource: DecidingResource,
  operation: ResourceOperation,
  record: LucidRow | null,
  user: KitUser | null,
  context: KitContext | undefined,
  options: {
    defaultCanAccess: Function
    resolvePolicy: (reference: any) => Promise<Function>
    /** The denial answers the request with a 403 (an `authorize()`) */
    refusesRequest: boolean
  }
) {
  if (!kitDebugEnabled()) {
    return
  }
  const ability = operation.policyAbility()
  let explained: { policy: string | null; reason: string }
  try {
    explained = await reasonOf(
      resource,
      ability,
      user,
      options.defaultCanAccess,
      options.resolvePolicy
    )
  } catch (error) {
    explained = { policy: null, reason: `the policy could not be loaded: ${String(error)}` }
  }
  const key = record ? (record.$primaryKeyValue ?? null) : null
  kitDebug({
    event: 'deny',
    /* per-row checks of a list deny quietly; a 403 is worth the application log */
    quiet: !options.refusesRequest,
    message: `denied ${resource.constructor.name} ${operation.name}${key === null ? '' : ` of record ${key}`}: ${explained.reason}`,
    details: {
      resource: resource.constructor.name,
      operation: operation.name,
      ability,
      policy: explained.policy,
      record: key,
      user: user ? ((user as any).id ?? null) : null,
      request: requestOf(context),
      reason: explained.reason,
    },
  })
}

/**
 * Log a record not found in a resource's scoped query (a 404): the
 * resource, the key, the trashed mode and the request.
 */
export function logNotFound(
  resource: { constructor: { name: string } },
  key: unknown,
  reason: string,
  details: { trashed?: string; context?: KitContext } = {}
) {
  if (!kitDebugEnabled()) {
    return
  }
  const shown = typeof key === 'string' || typeof key === 'number' ? key : typeof key
  kitDebug({
    event: 'not-found',
    message: `not found: ${resource.constructor.name} record ${JSON.stringify(shown)}: ${reason}`,
    details: {
      resource: resource.constructor.name,
      record: shown,
      trashed: details.trashed ?? null,
      request: requestOf(details.context),
      reason,
    },
  })
}
