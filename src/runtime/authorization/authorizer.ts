import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { kitDebugEnabled } from '../../support/debug.ts'
import { UnauthorizedOperationException } from '../../support/errors.ts'
import { bindAuthorization, type KitAuthorization } from '../../definitions/authorization/access.ts'
import type { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import type {
  RelationAccessContext,
  RelationManager,
} from '../../definitions/relations/relation_manager.ts'
import type { KitContext, KitUser } from '../../definitions/types.ts'
import { memoizedDecision } from './decision_memo.ts'
import { logDenial } from './denial_log.ts'
import { askPolicy } from './policy.ts'

/**
 * Where the kit decides. A resource or a relation manager declares its
 * authorization (a `policy`, an overridable `canAccess()`); this module asks
 * it, fail-closed (only a literal `true` allows), resolves and asks the
 * Bouncer policies of the default decisions, memoizes the non-throwing
 * decisions per request and explains every denial in the debug log
 * (`NODE_DEBUG=adonis-kit`). The definitions' `allows()`, `authorize()` and
 * default `canAccess()` delegate here through `kitAuthorization()`.
 */

/**
 * Ask a resource's `canAccess()`; a denial is explained in the debug log
 * (NODE_DEBUG, and in development the application's log for the denials
 * that answer 403).
 */
async function decide(
  resource: Resource<any>,
  operation: ResourceOperation,
  record: LucidRow | null,
  user: KitUser | null,
  context: KitContext | undefined,
  refusesRequest: boolean
): Promise<boolean> {
  const allowed = (await resource.canAccess(operation, record, user, context ?? { user })) === true
  if (!allowed && kitDebugEnabled()) {
    await logDenial(resource, operation, record, user, context, { refusesRequest })
  }
  return allowed
}

const authorization: KitAuthorization = {
  resourcePolicy(resource, operation, record, user, context) {
    const subject = record ?? resource.model
    return askPolicy(resource.policy, operation.policyAbility(), user, context, subject)
  },

  async managerPolicy(manager, operation, record, user, context) {
    const access = context as Partial<RelationAccessContext> | undefined
    if (!access?.owner || !access.ownerResource || !access.related) {
      return false
    }
    if (manager.policy) {
      const subject = record ?? access.related
      return askPolicy(
        manager.policy,
        operation.policyAbility(),
        user,
        context,
        subject,
        access.owner
      )
    }
    return askPolicy(access.ownerResource.policy, 'update', user, context, access.owner)
  },

  allows(resource, operation, record, user, context) {
    /* asked again and again in one request (row actions, navigation, links):
       decided once per request, user, operation and record */
    return memoizedDecision(context, user, resource, operation.name, record ?? resource.model, () =>
      decide(resource, operation, record, user, context, false)
    )
  },

  async authorize(resource, operation, record, user, context) {
    if (!(await decide(resource, operation, record, user, context, true))) {
      throw new UnauthorizedOperationException()
    }
  },
}

bindAuthorization(authorization)

/**
 * The decision for an operation in a request context (fail-closed),
 * memoized per request.
 */
export function allows<Model extends LucidModel>(
  resource: Resource<Model>,
  operation: ResourceOperation,
  record: InstanceType<Model> | LucidRow | null,
  context: KitContext
): Promise<boolean> {
  return authorization.allows(resource, operation, record, context.user, context)
}

/**
 * Authorize an operation in a request context or throw E_KIT_FORBIDDEN (403).
 * Every route calls it before reading any input.
 */
export function authorize<Model extends LucidModel>(
  resource: Resource<Model>,
  operation: ResourceOperation,
  record: InstanceType<Model> | LucidRow | null,
  context: KitContext
): Promise<void> {
  return authorization.authorize(resource, operation, record, context.user, context)
}

/**
 * What a relation manager decides on: the owner record (resolved through
 * its resource's scoped query), the owner's resource and the related model.
 */
export interface ManagerScope {
  manager: RelationManager<any>
  owner: LucidRow
  ownerResource: Resource<any>
  related: LucidModel
  /** What a denial names in the debug log */
  names: { resource: string; relation: string; manager: string }
}

/**
 * A relation manager's decision (fail-closed: only a literal `true` allows).
 * Its `canAccess()` receives the owner in its context, which the default
 * policy decision reads.
 */
export async function managerAllows(
  scope: ManagerScope,
  operation: ResourceOperation,
  record: LucidRow | null,
  context: KitContext
): Promise<boolean> {
  const access: RelationAccessContext = {
    ...context,
    owner: scope.owner,
    ownerResource: scope.ownerResource,
    related: scope.related,
  }
  return (await scope.manager.canAccess(operation, record, context.user, access)) === true
}

/**
 * Authorize a relation manager's operation or throw E_KIT_FORBIDDEN (403),
 * the denial explained in the debug log.
 */
export async function managerAuthorize(
  scope: ManagerScope,
  operation: ResourceOperation,
  record: LucidRow | null,
  context: KitContext
): Promise<void> {
  if (await managerAllows(scope, operation, record, context)) {
    return
  }
  await logDenial(scope.manager, operation, record, context.user, context, {
    refusesRequest: true,
    names: scope.names,
    noPolicy: "the manager declares no policy; the owner resource's policy update() decided",
  })
  throw new UnauthorizedOperationException()
}
