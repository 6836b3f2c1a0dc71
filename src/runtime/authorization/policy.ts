import type { Constructor, KitContext, KitUser } from '../../definitions/types.ts'
import type { PolicyReference } from '../../definitions/resource/resource.ts'
import { isClass } from '../../support/is_class.ts'

/**
 * Ask a Bouncer policy for an ability (fail-closed): no user, no policy, or
 * a policy without that method denies; otherwise the method's answer, with
 * the arguments given (the record, or the model class when there is none,
 * then anything the caller adds, such as a relation's owner).
 */
export async function askPolicy(
  reference: PolicyReference | undefined,
  ability: string,
  user: KitUser | null,
  context: KitContext | undefined,
  ...args: unknown[]
): Promise<boolean> {
  if (!user || !reference) {
    return false
  }
  const Policy = await resolvePolicy(reference)
  if (typeof Policy.prototype?.[ability] !== 'function') {
    return false
  }

  /* the container builds policies that inject dependencies; others are
     constructed directly (the same instance either way, without the
     container's lookup on every row of a table) */
  const { Bouncer } = await loadBouncer()
  const bouncer = new Bouncer(user)
  if ((Policy as Constructor & ContainerBuilt).containerInjections?._constructor) {
    bouncer.setContainerResolver(context?.containerResolver)
  }
  const authorizer = bouncer.with(Policy) as AbilityAuthorizer
  return authorizer.allows(ability, ...args)
}

const resolvedPolicies = new WeakMap<Function, Constructor>()

/**
 * What the container's `@inject()` leaves on a class whose constructor takes
 * dependencies.
 */
interface ContainerBuilt {
  containerInjections?: { _constructor?: unknown }
}

/**
 * A policy's authorizer as the kit calls it: abilities by name (an
 * operation's policy ability), which the policy's own methods cannot type.
 */
interface AbilityAuthorizer {
  allows(ability: string, ...args: unknown[]): Promise<boolean>
}

/**
 * Resolve a policy reference (class or lazy import) to the class.
 */
export async function resolvePolicy(reference: PolicyReference): Promise<Constructor> {
  /* asked for on every authorization (three times a row on list pages) */
  const cached = resolvedPolicies.get(reference)
  if (cached) {
    return cached
  }
  if (isClass(reference)) {
    resolvedPolicies.set(reference, reference)
    return reference
  }
  const module = await (reference as () => Promise<{ default: Constructor }>)()
  const policy = module.default
  resolvedPolicies.set(reference, policy)
  return policy
}

/**
 * @adonisjs/bouncer, imported when a policy is first asked (so the package
 * entry loads, and `node ace configure adonis-kit` can install Bouncer, in an
 * application that does not have it yet).
 */
function loadBouncer() {
  bouncerModule ??= import('@adonisjs/bouncer')
  return bouncerModule
}

let bouncerModule: Promise<typeof import('@adonisjs/bouncer')> | undefined
