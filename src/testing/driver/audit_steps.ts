import type { AuditPageContract } from '../../contracts/audit.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import { activityPage, activityUrl, historyPage } from '../../runtime/audit/audit_pages.ts'
import type { AuditChanges } from '../../definitions/audit/audit_entry.ts'
import { AUDIT_DISABLED } from '../../runtime/audit/audit_settings.ts'
import { describeErrors, listOf } from '../failure_messages.ts'
import { ActionSteps } from './action_steps.ts'
import type { RecordReference } from './driver_core.ts'

/**
 * What `assertAudited()` expects of the changes: per attribute, true (it
 * changed) or its `{ old, new }` values (either may be left out).
 */
export type ExpectedAuditChanges = Record<string, true | { old?: unknown; new?: unknown }>

/**
 * Steps of the audit trail and of version conflicts.
 */
export abstract class AuditSteps<R extends Resource<any> = Resource<any>> extends ActionSteps<R> {
  /**
   * Assert the newest audit row of a record has this operation (and, when
   * given, these changed attributes with their values).
   *
   * @example
   * ```ts
   * await kit(PostResource, { user })
   *   .forEdit(post)
   *   .fillForm({ title: 'New' })
   *   .call('save')
   *   .assertAudited(post, 'update', { title: { old: 'Old', new: 'New' } })
   * ```
   */
  assertAudited(record: RecordReference, operation: string, changes?: ExpectedAuditChanges): this {
    const key = typeof record === 'object' ? record.$primaryKeyValue : record
    const label = `assertAudited(#${key}, ${JSON.stringify(operation)})`
    return this.queue(label, async () => {
      const mount = await this.resolveMount()
      const settings = mount.options.audit ?? AUDIT_DISABLED
      if (!settings.enabled) {
        this.fail(label, `the audit trail is not enabled for ${this.state.ResourceClass.name}`)
      }
      const entry = await settings.model
        .query()
        .where('resource', mount.resource.getSlug())
        .where('record_key', this.keyOf(record))
        .orderBy('id', 'desc')
        .first()
      if (!entry) {
        this.fail(label, `no audit row for ${this.describeRecord(record)}`)
      }
      if (entry.operation !== operation) {
        this.fail(label, `the newest audit row is "${entry.operation}", not "${operation}"`, {
          actual: entry.operation,
          expected: operation,
        })
      }
      this.#assertChanges(label, entry.changes, changes ?? {})
    })
  }

  #assertChanges(label: string, actual: AuditChanges, expected: ExpectedAuditChanges) {
    for (const [attribute, values] of Object.entries(expected)) {
      const change = actual[attribute]
      if (!change) {
        this.fail(
          label,
          `"${attribute}" is not among the changed attributes (${listOf(Object.keys(actual))})`,
          { actual, expected }
        )
      }
      if (values === true) {
        continue
      }
      for (const side of ['old', 'new'] as const) {
        if (
          Object.hasOwn(values, side) &&
          JSON.stringify(values[side]) !== JSON.stringify(change[side])
        ) {
          this.fail(
            label,
            `"${attribute}" ${side} value is ${JSON.stringify(change[side])}, not ${JSON.stringify(values[side])}`,
            { actual: change, expected: values }
          )
        }
      }
    }
  }

  /**
   * Assert the last `call("save")` or `editTableColumn()` was refused as a
   * conflict (the record changed since the form was opened), naming these
   * fields when given.
   */
  assertConflict(fields: string[] = []): this {
    const label = `assertConflict(${listOf(fields)})`
    return this.queue(label, () => {
      const errors = this.state.formErrors
      if (errors === null) {
        this.fail(label, 'no form was submitted; call("save") or editTableColumn() first')
      }
      const conflicts = errors.filter((error) => error.rule === 'conflict')
      if (!conflicts.length) {
        this.fail(
          label,
          `${this.state.lastSubmission} was not a conflict: ${errors.length ? describeErrors(errors) : 'it was accepted'}`
        )
      }
      for (const field of fields) {
        if (!conflicts.some((error) => error.field === field)) {
          this.fail(label, `the conflict does not name "${field}": ${describeErrors(conflicts)}`)
        }
      }
    })
  }

  /**
   * Run the queued steps, then return a record's History page (the
   * `kitAudit` prop), as the user sees it (`page`: 1 by default).
   *
   * @example
   * ```ts
   * const history = await kit(PostResource, { user }).history(post)
   * assert.equal(history.entries[0].user.label, 'ada@example.com')
   * ```
   */
  async history(
    record: RecordReference,
    options: { page?: number } = {}
  ): Promise<AuditPageContract> {
    await this.run()
    return this.inScope('history()', async () => {
      const mount = await this.resolveMount()
      const context = await this.context()
      const answer = await this.attempt(
        'history()',
        `the History of ${this.describeRecord(record)}`,
        () => historyPage(mount, context, this.keyOf(record), { page: options.page })
      )
      return answer.value!
    })
  }

  /**
   * Run the queued steps, then return the activity list of the resource's
   * panel (the `kitAudit` prop), as the user sees it: authorized by the
   * audit policy's `viewActivity` (a denial fails the test, like a 403).
   *
   * @example
   * ```ts
   * const activity = await kit(PostResource, { user: auditor }).activity()
   * assert.deepEqual(activity.entries[0].record, { label: 'Hello', url: `/admin/posts/${post.id}/edit` })
   * ```
   */
  async activity(options: { page?: number } = {}): Promise<AuditPageContract> {
    await this.run()
    return this.inScope('activity()', async () => {
      const mount = await this.resolveMount()
      const panelId = mount.options.panelId
      if (panelId === null || !(mount.options.audit ?? AUDIT_DISABLED).enabled) {
        this.fail(
          'activity()',
          `${this.state.ResourceClass.name} is not in a panel with the audit trail enabled: it has no activity list`
        )
      }
      const context = await this.context()
      const answer = await this.attempt(
        'activity()',
        `the activity list of panel "${panelId}"`,
        () =>
          activityPage(panelId, mount.options.panelMounts ?? [mount], context, activityUrl(mount), {
            page: options.page,
          })
      )
      return answer.value!
    })
  }
}
