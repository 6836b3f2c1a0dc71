import { kitDebug } from '../debug.ts'
import { ResourceOperation } from '../resource/operation.ts'
import { Resource, resolvePolicy } from '../resource/resource.ts'
import type { ResourceMount } from '../routing/resource_mount.ts'

/**
 * What the boot check found: per resource, the policy and the abilities its
 * pages need that the policy lacks (every request for them is denied).
 */
export interface MissingPolicyMethods {
  resource: string
  policy: string
  missing: string[]
}

const found: MissingPolicyMethods[] = []
const pending: Promise<void>[] = []
const checked = new WeakSet<object>()

/**
 * The policy abilities a mounted resource's pages need: each page's
 * operation, and create and update for a manage page's modal forms.
 */
function neededAbilities(mount: ResourceMount): string[] {
  const abilities = new Set<string>()
  for (const current of mount.pages.values()) {
    abilities.add(current.page.operation().policyAbility())
    if (current.route.page.kind === 'manage') {
      abilities.add(ResourceOperation.Create.policyAbility())
      abilities.add(ResourceOperation.Edit.policyAbility())
    }
  }
  return [...abilities]
}

async function check(mount: ResourceMount) {
  const resource = mount.resource
  /* only the default decision asks the policy; a custom canAccess() decides itself */
  if (!resource.policy || resource.canAccess !== Resource.prototype.canAccess) {
    return
  }
  const Policy = await resolvePolicy(resource.policy)
  const missing = neededAbilities(mount).filter(
    (ability) => typeof Policy?.prototype?.[ability] !== 'function'
  )
  if (!missing.length) {
    return
  }
  const entry = { resource: resource.constructor.name, policy: Policy?.name ?? 'policy', missing }
  found.push(entry)
  kitDebug({
    event: 'policy-methods-missing',
    message: `${entry.resource}: ${entry.policy} has no ${missing.map((name) => `${name}()`).join(', ')}; the pages that need them deny every request (fail-closed)`,
    details: { ...entry },
  })
}

/**
 * Warn once, at boot, about the policy methods a mounted resource's pages
 * need and its policy lacks. The policy is loaded in the background; a
 * policy that fails to load is left for the first request to report.
 */
export function checkPolicyMethods(mount: ResourceMount) {
  if (checked.has(mount.resource)) {
    return
  }
  checked.add(mount.resource)
  pending.push(check(mount).catch(() => {}))
}

/**
 * What the boot checks found so far, once the pending ones are done.
 */
export async function missingPolicyMethods(): Promise<MissingPolicyMethods[]> {
  await Promise.all(pending)
  return [...found]
}
