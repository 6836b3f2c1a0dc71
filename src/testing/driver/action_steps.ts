import type { BulkActionResult } from '../../contracts/main.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import type { ListRecords } from '../../definitions/pages/resource_page.ts'
import {
  bulkActionOperation,
  headerActionOperation,
  rowActionOperation,
} from '../../runtime/operations/actions.ts'
import {
  destroyOperation,
  forceDeleteOperation,
  restoreOperation,
} from '../../runtime/operations/records.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import { ActionStop, findHostedAction } from '../../runtime/table/actions/action_runner.ts'
import { builtInActions } from '../../runtime/table/actions/action_serializer.ts'
import { declaredFields } from '../../runtime/validation/validator_cache.ts'
import {
  describeErrors,
  describeExpected,
  listOf,
  type ExpectedErrors,
  type KitFieldError,
} from '../failure_messages.ts'
import { FormSteps } from './form_steps.ts'
import { ReplicateAction } from '../../definitions/table/actions/replicate_action.ts'
import { formLeaves } from '../../definitions/form/layout/layout_component.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { type ActionOutcome, type MountedAction, type RecordReference } from './driver_core.ts'

/**
 * Built-in row actions the driver runs through the record lifecycle
 * mutations.
 */
const LIFECYCLE_ACTIONS = {
  delete: destroyOperation,
  restore: restoreOperation,
  forceDelete: forceDeleteOperation,
} as const

/**
 * Steps of row, header and bulk actions.
 */
export abstract class ActionSteps<R extends Resource<any> = Resource<any>> extends FormSteps<R> {
  protected async rowActionNames(): Promise<string[]> {
    if (this.state.mount!.parent || this.tenantRouting()) {
      /* the built-in actions carry the URLs of the tenant and parent segments */
      await this.context()
    }
    return [
      ...builtInActions(this.state.mount!).map((action) => action.name),
      ...buildTable(this.resource)
        .getActions()
        .map((action) => action.name),
    ]
  }

  protected headerActions(label: string) {
    const page = this.listPage(label)
    return { page, actions: (page.page as ListRecords).headerActions() }
  }

  /**
   * Assert the table offers a row action (given a record: that the record's
   * row on the current page allows it for the user).
   */
  assertTableActionExists(name: string, record?: RecordReference): this {
    const label = `assertTableActionExists(${JSON.stringify(name)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      const names = await this.rowActionNames()
      this.assertNamed(label, 'row action', name, names, 'the table')
      if (record !== undefined) {
        const { table } = await this.loadTable(label)
        const row = table.rows.find((candidate) => String(candidate.key) === this.keyOf(record))
        if (!row) {
          this.fail(
            label,
            `${this.describeRecord(record)} is not on the table (${this.describeState(table)})`
          )
        }
        if (!row.actions.includes(name)) {
          this.fail(
            label,
            `the row of ${this.describeRecord(record)} does not offer "${name}" to ${this.describeUser()}; it offers: ${listOf(row.actions)}`
          )
        }
      }
    })
  }

  /**
   * Mount a row action on a record: a hosted table action, or the built-in
   * `delete`, `restore` and `forceDelete`.
   */
  mountTableAction(name: string, record: RecordReference): this {
    const label = `mountTableAction(${JSON.stringify(name)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      const names = await this.rowActionNames()
      this.assertNamed(label, 'row action', name, names, 'the table')
      if (name === 'edit') {
        this.fail(label, `"edit" opens the edit page; use forEdit(record) and call("save")`)
      }
      const action = buildTable(this.resource)
        .getActions()
        .find((candidate) => candidate.name === name)
      if (action && !action.isHosted()) {
        this.fail(label, `action "${name}" has its own url() and is not run by the kit`)
      }
      this.state.mounted = { kind: 'row', name, record, data: {} }
      this.state.outcome = null
    })
  }

  /**
   * Run a row action on a record with its form's data: `mountTableAction()`,
   * `fillTableActionForm()` and `callMountedTableAction()` in one step.
   * Assert refused data with `assertHasTableActionErrors()`.
   */
  callTableAction(name: string, record: RecordReference, data: Record<string, unknown> = {}): this {
    this.mountTableAction(name, record)
    if (Object.keys(data).length) this.fillTableActionForm(data)
    return this.callMountedTableAction()
  }

  /**
   * Assert the last action's form was refused with these field errors
   * (the action did not run).
   */
  assertHasActionFormErrors(expected: ExpectedErrors): this {
    return this.assertHasTableActionErrors(expected)
  }

  /**
   * Fill the data of the mounted action (checked against its validation
   * class's fields).
   */
  fillTableActionForm(data: Record<string, unknown>): this {
    const label = `fillTableActionForm(${listOf(Object.keys(data))})`
    return this.queue(label, () => {
      const mounted = this.state.mounted
      if (!mounted) {
        this.fail(label, `no action is mounted; call mountTableAction(name, record) first`)
      }
      const action = this.findAction(label, mounted)
      const Rules = action?.getValidation()
      /* a replica takes the values of the action's form fields */
      const replicate = action instanceof ReplicateAction ? action : null
      if (!Rules && !replicate) {
        this.fail(label, `action "${mounted.name}" has no validation() class: it takes no data`)
      }
      const fields = replicate
        ? formLeaves(replicate.getForm() ?? []).map((field) => field.name)
        : declaredFields(Rules!, `action.${mounted.name}`, 'action')
      const unknown = Object.keys(data).filter((key) => !fields.includes(key))
      if (unknown.length) {
        this.fail(
          label,
          `action "${mounted.name}" has no field ${unknown.map((key) => `"${key}"`).join(', ')}; its fields: ${listOf(fields)}`
        )
      }
      Object.assign(mounted.data, data)
    })
  }

  protected findAction(label: string, mounted: MountedAction) {
    if (mounted.kind === 'header') {
      return findHostedAction(this.headerActions(label).actions, mounted.name)
    }
    return buildTable(this.resource)
      .getActions()
      .find((candidate) => candidate.name === mounted.name)
  }

  /**
   * Run the mounted action through the action runner (or the record
   * lifecycle mutation of a built-in action).
   */
  callMountedTableAction(): this {
    const label = 'callMountedTableAction()'
    return this.queue(label, async () => {
      const mounted = this.state.mounted
      if (!mounted) {
        this.fail(label, `no action is mounted; call mountTableAction(name, record) first`)
      }
      await this.runAction(label, mounted)
    })
  }

  protected async runAction(label: string, mounted: MountedAction) {
    await this.resolveMount()
    const context = await this.context()
    const target =
      mounted.kind === 'header'
        ? `header action "${mounted.name}"`
        : `action "${mounted.name}" on ${this.describeRecord(mounted.record!)}`
    const outcome = await this.attempt(label, target, async () => {
      /* what the action returned; a built-in lifecycle action, the record */
      const answer = await this.actionOperation(label, mounted, context)
      /* a replica is the record record() returns */
      if (answer.type === 'action' && 'replica' in answer.body) {
        this.state.record = answer.result as LucidRow
      }
      return answer.type === 'record' ? answer.record : answer.result
    })
    this.setOutcome(mounted.name, outcome)
  }

  /**
   * Run the operation of the mounted action's route, with the input the
   * route would receive.
   */
  protected async actionOperation(label: string, mounted: MountedAction, context: KitContext) {
    if (mounted.kind === 'header') {
      const query = { _kit_page: this.listPage(label).key }
      return headerActionOperation(
        this.input(context, { action: mounted.name }, mounted.data, query)
      )
    }
    const params = { record: this.keyOf(mounted.record!), action: mounted.name }
    const lifecycle = LIFECYCLE_ACTIONS[mounted.name as keyof typeof LIFECYCLE_ACTIONS]
    if (lifecycle) {
      return lifecycle(this.input(context, params))
    }
    /* a row action sends the version its row was drawn with, as the list page does */
    const version = await this.drawnVersion(context, mounted.record!)
    return rowActionOperation(this.input(context, params, { ...mounted.data, ...version }))
  }

  protected setOutcome(
    action: string,
    outcome: { value: unknown; errors: null } | { value: null; errors: KitFieldError[] }
  ) {
    if (outcome.errors) {
      this.state.outcome = { action, outcome: { status: 'invalid', errors: outcome.errors } }
    } else if (outcome.value instanceof ActionStop) {
      this.state.outcome = {
        action,
        outcome: { status: outcome.value.kind, message: outcome.value.message },
      }
    } else {
      this.state.outcome = { action, outcome: { status: 'succeeded', result: outcome.value } }
    }
  }

  protected lastOutcome(label: string) {
    if (!this.state.outcome) {
      this.fail(
        label,
        `no action was called; use callMountedTableAction(), callTableHeaderAction() or callTableBulkAction() first`
      )
    }
    return this.state.outcome
  }

  protected describeOutcome(outcome: ActionOutcome): string {
    switch (outcome.status) {
      case 'succeeded':
        return 'succeeded'
      case 'invalid':
        return `failed validation: ${describeErrors(outcome.errors)}`
      default:
        return `was ${outcome.status}${outcome.message ? ` ("${outcome.message}")` : ''}`
    }
  }

  /**
   * Assert the last action's data passed validation.
   */
  assertHasNoTableActionErrors(): this {
    const label = 'assertHasNoTableActionErrors()'
    return this.queue(label, () => {
      const { action, outcome } = this.lastOutcome(label)
      if (outcome.status === 'invalid') {
        this.fail(label, `action "${action}" ${this.describeOutcome(outcome)}`, {
          actual: outcome.errors,
          expected: [],
        })
      }
    })
  }

  /**
   * Assert the last action's data failed with these field errors.
   */
  assertHasTableActionErrors(expected: ExpectedErrors): this {
    const label = `assertHasTableActionErrors(${describeExpected(expected)})`
    return this.queue(label, () => {
      const { action, outcome } = this.lastOutcome(label)
      const errors = outcome.status === 'invalid' ? outcome.errors : []
      if (outcome.status !== 'invalid') {
        this.fail(
          label,
          `expected action "${action}" to fail validation, but it ${this.describeOutcome(outcome)}`
        )
      }
      this.assertErrors(label, `action "${action}"`, errors, expected)
    })
  }

  /**
   * Assert the last action ran to its end (and committed). The callback
   * receives what the action returned (a bulk action: `{ affected, refused }`).
   */
  assertTableActionSucceeded(check?: (result: any) => unknown): this {
    const label = 'assertTableActionSucceeded()'
    return this.queue(label, async () => {
      const { action, outcome } = this.lastOutcome(label)
      if (outcome.status !== 'succeeded') {
        this.fail(label, `action "${action}" ${this.describeOutcome(outcome)}`)
      }
      if (check) {
        await check(outcome.result)
      }
    })
  }

  /**
   * Assert the last action called `halt()` (with this message, when given).
   */
  assertTableActionHalted(message?: string): this {
    return this.assertStopped('halted', message)
  }

  /**
   * Assert the last action called `cancel()` (with this message, when given).
   */
  assertTableActionCancelled(message?: string): this {
    return this.assertStopped('cancelled', message)
  }

  protected assertStopped(kind: 'halted' | 'cancelled', message?: string) {
    const label = `assertTableAction${kind === 'halted' ? 'Halted' : 'Cancelled'}(${message === undefined ? '' : JSON.stringify(message)})`
    return this.queue(label, () => {
      const { action, outcome } = this.lastOutcome(label)
      if (outcome.status !== kind) {
        this.fail(
          label,
          `expected action "${action}" to be ${kind}, but it ${this.describeOutcome(outcome)}`
        )
      }
      if (message !== undefined && outcome.message !== message) {
        this.fail(
          label,
          `action "${action}" was ${kind} with ${JSON.stringify(outcome.message)}, expected ${JSON.stringify(message)}`,
          { actual: outcome.message, expected: message }
        )
      }
    })
  }

  /**
   * Assert the list page declares a header action.
   */
  assertTableHeaderActionExists(name: string): this {
    return this.assertDeclared(
      'assertTableHeaderActionExists',
      'header action',
      name,
      'the list page',
      (label) => this.headerActions(label).actions.map((action) => action.name)
    )
  }

  /**
   * Run a hosted header action of the list page with its data.
   */
  callTableHeaderAction(name: string, data: Record<string, unknown> = {}): this {
    const label = `callTableHeaderAction(${JSON.stringify(name)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      const actions = this.headerActions(label).actions
      const action = actions.find((candidate) => candidate.name === name)
      if (!action) {
        this.fail(
          label,
          `no header action "${name}"; the list page has: ${listOf(actions.map((item) => item.name))}`
        )
      }
      if (!action.isHosted()) {
        this.fail(label, `header action "${name}" has its own url() and is not run by the kit`)
      }
      const mounted: MountedAction = { kind: 'header', name, record: null, data: { ...data } }
      this.state.mounted = mounted
      await this.runAction(label, mounted)
    })
  }

  /**
   * Assert the table declares a bulk action.
   */
  assertTableBulkActionExists(name: string): this {
    return this.assertDeclared(
      'assertTableBulkActionExists',
      'bulk action',
      name,
      'the table',
      () => this.bulkActionNames()
    )
  }

  protected bulkActionNames() {
    return buildTable(this.resource)
      .getBulkActions()
      .map((action) => action.name)
  }

  /**
   * Select records for a bulk action.
   */
  selectTableRecords(records: RecordReference[]): this {
    const label = `selectTableRecords(${records.length} record${records.length === 1 ? '' : 's'})`
    return this.queue(label, () => {
      if (!records.length) {
        this.fail(
          label,
          'no records given; to select every record the table matches, use selectAllTableRecords()'
        )
      }
      this.state.selection = { records: [...records] }
    })
  }

  /**
   * Select every record the table matches (query-wide, with the current
   * search and filters), except the given ones.
   */
  selectAllTableRecords(except: RecordReference[] = []): this {
    return this.queue('selectAllTableRecords()', () => {
      this.state.selection = { selectAll: true, except: [...except] }
    })
  }

  /**
   * Run a bulk action on the selection, as the bulk route does (the data is
   * sent with the selection, as a request body would be).
   */
  callTableBulkAction(name: string, data: Record<string, unknown> = {}): this {
    const label = `callTableBulkAction(${JSON.stringify(name)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      const names = this.bulkActionNames()
      this.assertNamed(label, 'bulk action', name, names, 'the table')
      const selection = this.state.selection
      if (!selection) {
        this.fail(
          label,
          `no records are selected; use selectTableRecords() or selectAllTableRecords()`
        )
      }
      /* the data goes with the selection and, for an action form, under `data` */
      const input: Record<string, unknown> =
        'records' in selection
          ? { ...data, data, records: selection.records.map((record) => this.keyOf(record)) }
          : {
              ...data,
              data,
              ...this.tableQuery(),
              selectAll: true,
              except: selection.except.map((record) => this.keyOf(record)),
            }
      const context = await this.context()
      const outcome = await this.attempt(label, `bulk action "${name}"`, async () => {
        const answer = await bulkActionOperation(this.input(context, { action: name }, input))
        return answer.result as BulkActionResult
      })
      this.setOutcome(name, outcome)
    })
  }
}
