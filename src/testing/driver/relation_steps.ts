import { VERSION_KEY } from '../../runtime/mutation/record_version.ts'
import type { FormContract } from '../../contracts/main.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { Resource } from '../../definitions/resource/resource.ts'
import {
  chooserOperation,
  createRelatedOperation,
  relatedLifecycleOperation,
  updateRelatedOperation,
  relatedFormOperation,
} from '../../runtime/operations/relations.ts'
import type { ActionAnswer, OperationInput } from '../../runtime/operations/operation.ts'
import type { RecordReference } from './driver_core.ts'
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

  /**
   * Create a record through a relation manager of an owner record, as the
   * route `relations.store` does (the same operation): the owner through
   * the resource's scoped query, the manager's authorization, validation
   * and the mutation sequence. Refused input is kept for
   * `assertHasFormErrors()`; the record written is `record()`.
   */
  createRelated(relation: string, owner: RecordReference, data: Record<string, unknown>): this {
    return this.relationMutation('createRelated', relation, owner, {}, data, createRelatedOperation)
  }

  /**
   * Update a related record through its manager (route `relations.update`).
   */
  updateRelated(
    relation: string,
    owner: RecordReference,
    related: RecordReference,
    data: Record<string, unknown>
  ): this {
    return this.relationMutation(
      'updateRelated',
      relation,
      owner,
      { related: this.keyOf(related) },
      data,
      updateRelatedOperation
    )
  }

  /**
   * Attach a record to a many-to-many manager (route `relations.attach`),
   * with the attach form's pivot data.
   */
  attachRelated(
    relation: string,
    owner: RecordReference,
    candidate: RecordReference,
    data: Record<string, unknown> = {}
  ): this {
    return this.relationMutation(
      'attachRelated',
      relation,
      owner,
      {},
      { ...data, record: this.keyOf(candidate) },
      chooserOperation('attach')
    )
  }

  /**
   * Delete, restore, force delete, detach or dissociate a related record
   * (the manager's lifecycle routes).
   */
  callRelated(
    operation: 'delete' | 'restore' | 'forceDelete' | 'detach' | 'dissociate',
    relation: string,
    owner: RecordReference,
    related: RecordReference
  ): this {
    return this.relationMutation(
      `callRelated(${JSON.stringify(operation)}, …)`,
      relation,
      owner,
      { related: this.keyOf(related) },
      {},
      relatedLifecycleOperation(operation)
    )
  }

  /**
   * Run one relation operation as its route would: the relation must be
   * declared; a refusal (403, 404) fails the step with its reason.
   */
  protected relationMutation(
    method: string,
    relation: string,
    owner: RecordReference,
    params: Record<string, string>,
    data: Record<string, unknown>,
    operation: (input: OperationInput) => Promise<ActionAnswer>
  ): this {
    const label = method.includes('(')
      ? method
      : `${method}(${JSON.stringify(relation)}, ${JSON.stringify(this.keyOf(owner))})`
    return this.queue(label, async () => {
      const mount = await this.resolveMount()
      const names = [...mount.relations.byName.keys()]
      this.assertNamed(label, 'relation manager', relation, names, this.state.ResourceClass.name)
      const context = await this.context()
      const routeParams = { ...params, record: this.keyOf(owner), relation }
      /* an update sends the version of the edit form it opens first, as the
         relation manager does (unless the test sends one itself) */
      let body = data
      if (operation === updateRelatedOperation && !Object.hasOwn(data, VERSION_KEY)) {
        const opened = await relatedFormOperation(this.input(context, routeParams, {})).catch(
          () => null
        )
        const version = (opened?.body as { form?: FormContract } | undefined)?.form?.version
        if (version !== undefined) {
          body = { ...data, [VERSION_KEY]: version }
        }
      }
      const input = this.input(context, routeParams, body)
      const outcome = await this.attempt(
        label,
        `${method} on the ${relation} of ${this.describeRecord(owner)}`,
        () => operation(input)
      )
      this.state.lastSubmission = label
      this.state.formErrors = outcome.errors ?? []
      this.state.record = outcome.value ? (outcome.value.result as LucidRow) : null
    })
  }
}
