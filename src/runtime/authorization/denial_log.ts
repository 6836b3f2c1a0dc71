import type { LucidRow } from '@adonisjs/lucid/types/model'
import { kitDebug, kitDebugEnabled } from '../../support/debug.ts'
import type { ResourceOperation } from '../../definitions/resource/operation.ts'
import { Resource } from '../../definitions/resource/resource.ts'
import { RelationManager } from '../../definitions/relations/relation_manager.ts'
import { resolvePolicy } from './policy.ts'
import type { KitContext, KitUser } from '../../definitions/types.ts'

/**
 * What decides: a resource, or a relation manager.
 */
type Decider = Resource<any> | RelationManager<any>

function requestOf(context: KitContext | undefined) {
  const request = context?.http?.request
  return request ? `${request.method()} ${request.url()}` : null
}

/**
 * Why the default `canAccess()` denied: no user, no policy, a policy
 * without the ability's method, or the method's answer.
 */
async function reasonOf(
  resource: Decider,
  ability: string,
  user: KitUser | null,
  noPolicy = 'the resource declares no policy'
): Promise<{ policy: string | null; reason: string }> {
  const defaultCanAccess =
    resource instanceof RelationManager
      ? RelationManager.prototype.canAccess
      : Resource.prototype.canAccess
  if (resource.canAccess !== defaultCanAccess) {
    return { policy: null, reason: `${resource.constructor.name}.canAccess() did not return true` }
  }
  if (!user) {
    return { policy: null, reason: 'no authenticated user' }
  }
  if (!resource.policy) {
    return { policy: null, reason: noPolicy }
  }
  const Policy = await resolvePolicy(resource.policy)
  const name = Policy?.name ?? 'policy'
  if (typeof (Policy?.prototype as Record<string, unknown> | undefined)?.[ability] !== 'function') {
    return { policy: name, reason: `${name} has no ${ability}() method (fail-closed)` }
  }
  return { policy: name, reason: `${name}.${ability}() did not return true` }
}

/**
 * Log a fail-closed denial (NODE_DEBUG=adonis-kit, development): the
 * resource (and, for a relation manager, the relation and the manager),
 * the operation, the policy ability, the policy, the record key and why.
 * Does nothing unless someone reads the debug log.
 */
export async function logDenial(
  resource: Decider,
  operation: ResourceOperation,
  record: LucidRow | null,
  user: KitUser | null,
  context: KitContext | undefined,
  options: {
    /** The denial answers the request with a 403 (an `authorize()`) */
    refusesRequest: boolean
    /** What the entry names, when the decider is a relation manager */
    names?: { resource: string; relation: string; manager: string }
    /** Why a default decision without a policy denied */
    noPolicy?: string
  }
) {
  if (!kitDebugEnabled()) {
    return
  }
  const ability = operation.policyAbility()
  let explained: { policy: string | null; reason: string }
  try {
    explained = await reasonOf(resource, ability, user, options.noPolicy)
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
      ...(options.names ?? { resource: resource.constructor.name }),
      operation: operation.name,
      ability,
      policy: explained.policy,
      record: key,
      user: user ? (user.id ?? null) : null,
      request: requestOf(context),
      reason: explained.reason,
    },
  })
}

/**
 * The part of a mounted relation the log reads.
 */
interface LoggedRelation {
  name: string
  manager: { constructor: { name: string } }
  resource: { constructor: { name: string } }
}

function shownKey(key: unknown) {
  return typeof key === 'string' || typeof key === 'number' ? key : typeof key
}

/**
 * Log a request answered with a 404 (NODE_DEBUG=adonis-kit, development):
 * a record not found in a resource's scoped query or through a relation
 * manager's owner, an operation the manager does not offer. The resource
 * (and the relation), the key, the trashed mode, the request and why.
 */
export function logNotFound(
  subject: { constructor: { name: string } } | LoggedRelation,
  key: unknown,
  reason: string,
  details: { trashed?: string; context?: KitContext } = {}
) {
  if (!kitDebugEnabled()) {
    return
  }
  const names =
    'manager' in subject
      ? {
          resource: subject.resource.constructor.name,
          relation: subject.name,
          manager: subject.manager.constructor.name,
        }
      : { resource: subject.constructor.name }
  const shown = key === null ? null : shownKey(key)
  kitDebug({
    event: 'not-found',
    message: `not found: ${names.manager ?? names.resource}${shown === null ? '' : ` record ${JSON.stringify(shown)}`}: ${reason}`,
    details: {
      ...names,
      record: shown,
      trashed: details.trashed ?? null,
      request: requestOf(details.context),
      reason,
    },
  })
}

/**
 * Log a tenant-routed request answered with a 404 (Tenant not found): the
 * tenant model, the route key and why (no such tenant, or not a member).
 */
export function logTenantNotFound(
  tenantModel: { name: string },
  key: unknown,
  reason: string,
  request: { method(): string; url(): string }
) {
  if (!kitDebugEnabled()) {
    return
  }
  const shown = shownKey(key)
  kitDebug({
    event: 'not-found',
    message: `not found: tenant ${tenantModel.name} ${JSON.stringify(shown)}: ${reason}`,
    details: {
      tenant: tenantModel.name,
      record: shown,
      request: `${request.method()} ${request.url()}`,
      reason,
    },
  })
}
