import { kitDebug } from '../../support/debug.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { Resource, type PolicyReference } from '../../definitions/resource/resource.ts'
import { resolvePolicy } from './policy.ts'
import { RelationManager } from '../../definitions/relations/relation_manager.ts'
import type { MountedRelation } from '../relations/relation_mount.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'

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

/**
 * The policy abilities a relation manager's default decision asks for:
 * each operation the manager offers.
 */
function relationAbilities({ kind, manager, formFields }: MountedRelation): string[] {
  const offered: Record<string, boolean> = {
    create: formFields.length > 0,
    edit: formFields.length > 0,
    attach: kind === 'manyToMany',
    detach: kind === 'manyToMany',
    associate: manager.associates,
    dissociate: manager.dissociates,
  }
  const trash = ['deleteAny', 'restore', 'restoreAny', 'forceDelete', 'forceDeleteAny']
  return ResourceOperation.forRelations()
    .filter(({ name }) => offered[name] ?? (!trash.includes(name) || manager.softDeletes))
    .map((operation) => operation.policyAbility())
}

/**
 * Report the abilities a policy lacks, if any.
 */
async function report(subject: string, reference: PolicyReference, needed: string[]) {
  const Policy = await resolvePolicy(reference)
  const missing = needed.filter((ability) => typeof Policy?.prototype?.[ability] !== 'function')
  if (!missing.length) {
    return
  }
  const entry = { resource: subject, policy: Policy?.name ?? 'policy', missing }
  found.push(entry)
  kitDebug({
    event: 'policy-methods-missing',
    message: `${entry.resource}: ${entry.policy} has no ${missing.map((name) => `${name}()`).join(', ')}; the requests that need them are denied (fail-closed)`,
    details: { ...entry },
  })
}

async function check(mount: ResourceMount) {
  const resource = mount.resource
  /* only the default decision asks the policy; a custom canAccess() decides itself */
  if (resource.policy && resource.canAccess === Resource.prototype.canAccess) {
    await report(resource.constructor.name, resource.policy, neededAbilities(mount))
  }
  for (const relation of mount.relations.byName.values()) {
    const manager = relation.manager
    if (manager.policy && manager.canAccess === RelationManager.prototype.canAccess) {
      const subject = `${resource.constructor.name} relation ${relation.name}`
      await report(subject, manager.policy, relationAbilities(relation))
    }
  }
}

/**
 * Warn once, at boot, about the policy methods a mounted resource's pages
 * (and its relation managers' operations) need and their policies lack. The policy is loaded in the background; a
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
