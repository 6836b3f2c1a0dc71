import type { KitContext, KitUser } from '../../definitions/types.ts'

/**
 * Decisions of one request: per user, per resource, per operation, per record
 * (or model class, for decisions without a record).
 */
type RequestDecisions = WeakMap<
  object,
  WeakMap<object, Map<string, WeakMap<object, Promise<boolean>>>>
>

const requests = new WeakMap<object, RequestDecisions>()

/**
 * Stands for "no user" in the per-user level of the memo.
 */
const GUEST = {}

/**
 * The decision of `decide()` for a user, a resource, an operation and a record
 * (or the model class), asked once per request: later asks in the same
 * request (the same HTTP context, or the same kit context without one)
 * share the first answer, denial log included. A rejected decision is not
 * kept. Without a request to scope it to, every ask decides.
 *
 * Only non-throwing checks go through it (`Resource.allows()`: row actions,
 * navigation, links); `authorize()`, which guards every write, always asks
 * the policy.
 */
export function memoizedDecision(
  context: KitContext | undefined,
  user: KitUser | null,
  resource: object,
  operation: string,
  subject: object,
  decide: () => Promise<boolean>
): Promise<boolean> {
  const scope = context?.http ?? context
  if (!scope) {
    return decide()
  }
  let decisions = requests.get(scope)
  if (!decisions) {
    decisions = new WeakMap()
    requests.set(scope, decisions)
  }
  const userKey = (user as object | null) ?? GUEST
  let byResource = decisions.get(userKey)
  if (!byResource) {
    byResource = new WeakMap()
    decisions.set(userKey, byResource)
  }
  let byAbility = byResource.get(resource)
  if (!byAbility) {
    byAbility = new Map()
    byResource.set(resource, byAbility)
  }
  let bySubject = byAbility.get(operation)
  if (!bySubject) {
    bySubject = new WeakMap()
    byAbility.set(operation, bySubject)
  }
  const known = bySubject.get(subject)
  if (known) {
    return known
  }
  const decision = decide()
  bySubject.set(subject, decision)
  decision.catch(() => bySubject.delete(subject))
  return decision
}
