import type { Resource } from '../../definitions/resource/resource.ts'
import { listOf } from '../failure_messages.ts'
import { TenancySteps } from './tenancy_steps.ts'

/**
 * Steps that read the relation managers a resource declares.
 */
export abstract class RelationSteps<
  R extends Resource<any> = Resource<any>,
> extends TenancySteps<R> {
  protected relationGroupIds(): string[] {
    return this.state.mount!.relations.entries.flatMap((entry) =>
      entry.type === 'group' ? [entry.group.getId()] : []
    )
  }

  /**
   * Assert the resource declares a relation group (by its id).
   */
  assertRelationGroupExists(id: string): this {
    const label = `assertRelationGroupExists(${JSON.stringify(id)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      const ids = this.relationGroupIds()
      if (!ids.includes(id)) {
        this.fail(
          label,
          `no relation group "${id}"; ${this.state.ResourceClass.name} has ${ids.length ? `the groups: ${listOf(ids)}` : 'no relation groups'}`
        )
      }
    })
  }

  /**
   * Assert the resource declares a relation manager (by its name, the
   * relationship); given a group id, that the manager is in that group.
   */
  assertRelationManagerExists(name: string, group?: string): this {
    const label = `assertRelationManagerExists(${JSON.stringify(name)}${group === undefined ? '' : `, ${JSON.stringify(group)}`})`
    return this.queue(label, async () => {
      const mount = await this.resolveMount()
      const relation = mount.relations.byName.get(name)
      if (!relation) {
        const names = [...mount.relations.byName.keys()]
        this.fail(
          label,
          `no relation manager "${name}"; ${this.state.ResourceClass.name} has ${names.length ? `the managers: ${listOf(names)}` : 'no relation managers'}`
        )
      }
      if (group === undefined) {
        return
      }
      const ids = this.relationGroupIds()
      if (!ids.includes(group)) {
        this.fail(
          label,
          `no relation group "${group}"; ${this.state.ResourceClass.name} has ${ids.length ? `the groups: ${listOf(ids)}` : 'no relation groups'}`
        )
      }
      const actual = relation.group?.getId() ?? null
      if (actual !== group) {
        this.fail(
          label,
          `relation manager "${name}" (${relation.manager.constructor.name}) is ${actual === null ? 'not in a group' : `in the group "${actual}"`}; the group "${group}" has: ${listOf(
            mount.relations.entries.flatMap((entry) =>
              entry.type === 'group' && entry.group.getId() === group
                ? entry.relations.map((item) => item.name)
                : []
            )
          )}`,
          { actual, expected: group }
        )
      }
    })
  }
}
