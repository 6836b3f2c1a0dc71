import type { LucidRow } from '@adonisjs/lucid/types/model'
import { KitConfigurationException } from '../../support/errors.ts'
import type { ResourceOperation } from '../resource/operation.ts'
import type { Resource } from '../resource/resource.ts'
import type { RelationManager } from '../relations/relation_manager.ts'
import type { KitContext, KitUser } from '../types.ts'

/**
 * Who decides for a definition. A resource and a relation manager only
 * declare their authorization (a `policy`, an overridable `canAccess()`);
 * the runtime (`src/runtime/authorization/authorizer.ts`) decides: it
 * resolves and asks Bouncer policies, keeps the per-request decision memo
 * and writes the denial log. It binds itself here when it loads, so the
 * definitions' public methods (`Resource.allows()`, `Resource.authorize()`
 * and the default `canAccess()`) delegate to it without importing it.
 *
 * @internal bound once by the runtime; applications never set it.
 */
export interface KitAuthorization {
  /** The default `Resource.canAccess()`: the resource's policy */
  resourcePolicy: Decision<Resource<any>, boolean>
  /** The default `RelationManager.canAccess()`: its policy, else the owner resource's `update` */
  managerPolicy: Decision<RelationManager<any>, boolean>
  /** `Resource.allows()`: the decision without throwing, memoized per request */
  allows: Decision<Resource<any>, boolean>
  /** `Resource.authorize()`: the decision, or E_KIT_FORBIDDEN (403) */
  authorize: Decision<Resource<any>, void>
}

/**
 * One decision of a definition: what decides, the operation, the record
 * (null for the model as a whole), the user and the request context.
 */
type Decision<Decider, Answer> = (
  decider: Decider,
  operation: ResourceOperation,
  record: LucidRow | null,
  user: KitUser | null,
  context?: KitContext
) => Promise<Answer>

let bound: KitAuthorization | undefined

/**
 * Bind the runtime that decides (called once by the runtime when it loads).
 * @internal
 */
export function bindAuthorization(authorization: KitAuthorization) {
  bound = authorization
}

/**
 * The runtime that decides. Without it nothing is allowed: asking fails
 * with a configuration error (the provider, or `adonis-kit/runtime`, loads it).
 */
export function kitAuthorization(): KitAuthorization {
  if (!bound) {
    throw new KitConfigurationException(
      'adonis-kit cannot decide authorization before its runtime is loaded: register adonis-kit/kit_provider (or import adonis-kit/runtime)'
    )
  }
  return bound
}
