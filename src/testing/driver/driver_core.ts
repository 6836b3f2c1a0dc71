/*
 * adonis-kit
 *
 * The kit() test driver's core: the queue of steps, the request scope
 * (tenant, parent), the failure messages and the table the steps read.
 */

import type { FormContract } from '../../contracts/main.ts'
import { AssertionError } from 'node:assert'
import { errors as vineErrors } from '@vinejs/vine'
import type { ApplicationService } from '@adonisjs/core/types'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { TableContract } from '../../contracts/main.ts'
import {
  MissingTenantException,
  RecordNotFoundException,
  UnauthorizedOperationException,
} from '../../support/errors.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import type { ResourceMount } from '../../runtime/mounts/resource_mount.ts'
import { resolveParent } from '../../runtime/operations/parent.ts'
import { Tenancy, type TenantAccess } from '../../definitions/tenancy/tenancy.ts'
import { listOperation, type ListPageTable } from '../../runtime/operations/list.ts'
import type { OperationInput } from '../../runtime/operations/operation.ts'
import { TABLE_PARAMETERS } from '../../runtime/table/table_query.ts'
import { CURSOR_PARAMETER } from '../../runtime/table/keyset.ts'
import type { TableFilterValue } from '../../definitions/table/filters/filter_value.ts'
import type { KitContext, KitUser } from '../../definitions/types.ts'
import { describeErrors, listOf, toFieldErrors, type KitFieldError } from '../failure_messages.ts'
import { asRequestBody } from '../../runtime/operations/request_body.ts'
import { requestTranslator } from '../../i18n/request.ts'
import { VERSION_KEY, versionOf } from '../../runtime/mutation/record_version.ts'
import { findRecord } from '../../runtime/query/scoped_query.ts'
import { sourceOf } from '../../runtime/records/resource_source.ts'

export type { ExpectedErrors, KitFieldError } from '../failure_messages.ts'

/**
 * A resource class the driver can drive.
 */
export type KitResourceClass<T extends Resource<any> = Resource<any>> = new () => T

/**
 * Options of `kit(Resource, options)`.
 */
export interface KitDriverOptions {
  /** The user the driver acts as (a guest when absent or null) */
  user?: KitUser | null
  /** Panel id, when the resource is mounted on more than one */
  panel?: string
  /**
   * The tenant the driver acts in (like `forTenant()`): every step runs in
   * a request scope with this tenant, as a tenant-routed request does
   */
  tenant?: LucidRow | null
  /**
   * The parent record of a nested resource (like `forParent()`), resolved
   * on every step as the nested routes resolve their parent segment
   */
  parent?: RecordReference | null
}

/**
 * A record as the driver accepts it: a model instance or its key.
 */
export type RecordReference = LucidRow | string | number

/**
 * How the last action ended, for the action assertions.
 */
export type ActionOutcome =
  | { status: 'succeeded'; result: unknown }
  | { status: 'halted' | 'cancelled'; message: string | null }
  | { status: 'invalid'; errors: KitFieldError[] }

/**
 * The action a step mounted (row or header), with its filled data.
 */
export type MountedAction = {
  kind: 'row' | 'header'
  name: string
  record: RecordReference | null
  data: Record<string, any>
}

/**
 * The records a bulk action runs on: the given ones, or all but some.
 */
export type Selection =
  { records: RecordReference[] } | { selectAll: true; except: RecordReference[] }

/**
 * Drivers with steps that were queued but never awaited.
 * @internal
 */
export const unawaitedDrivers = new Set<DriverCore<any>>()

/**
 * The application the drivers resolve the kit from.
 * @internal
 */
export const driverApplication: { app: ApplicationService | null } = { app: null }

/**
 * Raised when a driver step fails: the message says what was expected and
 * what the resource did.
 */
export class KitAssertionError extends AssertionError {}

/**
 * What a driver keeps between its steps.
 */
interface DriverState<R extends Resource<any>> {
  ResourceClass: KitResourceClass<R>
  options: KitDriverOptions
  steps: { label: string; run: () => Promise<void> }[]
  running: Promise<void>
  mount: ResourceMount | null
  /** The label of the running step, for failure messages */
  label: string
  /* request scope: the tenant and the parent record of a nested resource */
  tenant: LucidRow | null
  tenantChecked: boolean
  parent: RecordReference | null
  /* table state, in the shape of the list route's query string */
  search: string | null
  sort: { column: string; direction: 'asc' | 'desc' } | null
  filters: Record<string, TableFilterValue>
  /* the keyset cursor followed (followTableCursor) */
  cursor: string | null
  /* form */
  editing: RecordReference | null
  filled: Record<string, any>
  formErrors: KitFieldError[] | null
  /* the edit form as forEdit() opened it: its original values and version go with call("save") */
  openedForm?: FormContract | null
  lastSubmission: string | null
  record: LucidRow | null
  /* where a browser would go after the last form submission that wrote a record */
  redirect?: string | null
  /* the rows' versions of the last table loaded: editTableColumn() sends them */
  rowVersions?: Map<string, string>
  /* actions */
  mounted: MountedAction | null
  outcome: { action: string; outcome: ActionOutcome } | null
  selection: Selection | null
}

/**
 * The core of the kit() driver: it queues steps and runs them in order when
 * awaited, each in a fresh request scope, and explains failures. The steps
 * themselves are added by capability (tenancy, relations, table, forms,
 * actions), each class extending the one before.
 */
export abstract class DriverCore<
  R extends Resource<any> = Resource<any>,
> implements PromiseLike<void> {
  protected readonly state: DriverState<R>

  constructor(ResourceClass: KitResourceClass<R>, options: KitDriverOptions = {}) {
    this.state = {
      ResourceClass,
      options,
      steps: [],
      running: Promise.resolve(),
      mount: null,
      label: '',
      tenant: options.tenant ?? null,
      tenantChecked: false,
      parent: options.parent ?? null,
      search: null,
      sort: null,
      filters: {},
      cursor: null,
      editing: null,
      filled: {},
      formErrors: null,
      lastSubmission: null,
      record: null,
      mounted: null,
      outcome: null,
      selection: null,
    }
  }

  /**
   * Run the queued steps in order (what `await` calls).
   */
  then<TResult1 = void, TResult2 = never>(
    onfulfilled?: ((value: void) => TResult1 | PromiseLike<TResult1>) | null,
    onrejected?: ((reason: any) => TResult2 | PromiseLike<TResult2>) | null
  ): PromiseLike<TResult1 | TResult2> {
    return this.run().then(onfulfilled, onrejected)
  }

  /**
   * Run the queued steps, then return the record the last `call()` or
   * `editTableColumn()` created or saved.
   */
  async record<T extends LucidRow = InstanceType<R['model']>>(): Promise<T> {
    await this.run()
    if (!this.state.record) {
      const why =
        this.state.lastSubmission === null
          ? 'no form was submitted; call("create") or call("save") first'
          : `${this.state.lastSubmission} did not write a record: ${describeErrors(this.state.formErrors ?? [])}`
      this.fail('record()', why)
    }
    return this.state.record as T
  }

  /**
   * Run the queued steps, then return the table as the list page serves it
   * (the `table` prop), for the current search, filters and sort.
   */
  async table(): Promise<TableContract> {
    await this.run()
    return this.inScope('table()', async () => {
      const loaded = await this.loadTable('table()')
      return loaded.table
    })
  }

  /**
   * Run the queued steps, then return the driver's current tenant (set with
   * `forTenant()` or the `tenant` option), or null.
   */
  async tenant<T extends LucidRow = LucidRow>(): Promise<T | null> {
    await this.run()
    return this.state.tenant as T | null
  }

  /**
   * Run a step in a fresh request scope holding the driver's tenant, as
   * the kit's request-scope middleware does for every request.
   */
  protected inScope<T>(label: string, run: () => Promise<T>): Promise<T> {
    return Tenancy.run(this.state.tenant, () => {
      this.state.label = label
      return run()
    })
  }

  protected run(): Promise<void> {
    const steps = this.state.steps.splice(0)
    unawaitedDrivers.delete(this)
    this.state.running = this.state.running
      .catch(() => {})
      .then(async () => {
        for (const step of steps) {
          await this.inScope(step.label, step.run)
        }
      })
    return this.state.running
  }

  protected queue(label: string, run: () => Promise<void> | void): this {
    this.state.steps.push({ label, run: async () => run() })
    unawaitedDrivers.add(this)
    return this
  }

  /**
   * A readable name for the driver in failure messages.
   */
  describe(): string {
    return `kit(${this.state.ResourceClass.name})`
  }

  protected fail(
    label: string,
    message: string,
    details?: { actual?: unknown; expected?: unknown }
  ): never {
    throw new KitAssertionError({
      message: `${this.describe()}.${label}: ${message}`,
      actual: details?.actual,
      expected: details?.expected,
      operator: label.replace(/\(.*$/, ''),
    })
  }

  protected async resolveMount(): Promise<ResourceMount> {
    if (this.state.mount) {
      return this.state.mount
    }
    const app = await application()
    const manager = await app.container.make('kit')
    const mount = manager
      .mounts()
      .find(
        (candidate) =>
          candidate.resource.constructor === this.state.ResourceClass &&
          (this.state.options.panel === undefined ||
            candidate.options.panelId === this.state.options.panel)
      )
    if (!mount) {
      const mounted = manager
        .mounts()
        .map((candidate) => `${candidate.resource.constructor.name} at ${candidate.basePath()}`)
      throw new KitAssertionError({
        message: `${this.describe()}: ${this.state.ResourceClass.name} is not mounted${this.state.options.panel === undefined ? '' : ` on panel "${this.state.options.panel}"`}; mounted resources: ${listOf(mounted)}`,
      })
    }
    if (this.state.parent !== null && !mount.parent) {
      throw new KitAssertionError({
        message: `${this.describe()}: ${this.state.ResourceClass.name} is not nested (it has no parent resource), so it takes no parent`,
      })
    }
    this.state.mount = mount
    return mount
  }

  protected get resource(): R {
    return this.state.mount!.resource as R
  }

  /**
   * The kit context every step runs with, built once per step like a
   * request builds one: the tenant is checked as the tenant middleware
   * checks it, and the parent of a nested resource is resolved as the
   * nested routes resolve it (scoped query, `view` authorization).
   */
  protected async context(): Promise<KitContext> {
    const mount = await this.resolveMount()
    const label = this.state.label
    await this.checkTenant(label)
    const context = await this.baseContext()
    if (mount.parent) {
      context.parent = await this.resolveParent(label, mount, context)
    }
    return context
  }

  protected async baseContext(): Promise<KitContext> {
    const app = await application()
    const translator = requestTranslator(undefined, this.state.mount?.options.presentation)
    const scope = Tenancy.state()
    if (scope) {
      scope.translator = translator
    }
    return {
      user: this.state.options.user ?? null,
      containerResolver: app.container.createResolver(),
      translator,
    }
  }

  /**
   * The tenant routing of the mount (its own, or its parent's).
   */
  protected tenantRouting() {
    const mount = this.state.mount!
    return mount.options.tenant ?? mount.parent?.mount.options.tenant ?? null
  }

  /**
   * Check the driver's tenant as the tenant middleware of a tenant-routed
   * mount does: a tenant of the routed model that the user may access.
   * Once per tenant.
   */
  protected async checkTenant(label: string) {
    const routing = this.tenantRouting()
    if (!routing) {
      return
    }
    const tenant = this.state.tenant
    if (!tenant) {
      this.fail(
        label,
        `${this.state.ResourceClass.name} is mounted with tenant routing (its URLs start with the ${routing.model.name} segment) and the driver has no tenant; call forTenant(${routing.model.name.toLowerCase()}) or pass { tenant }`
      )
    }
    if (this.state.tenantChecked) {
      return
    }
    if (!(tenant instanceof routing.model)) {
      this.fail(
        label,
        `the tenant is a ${(tenant as LucidRow).constructor.name}, but ${this.state.ResourceClass.name}'s routes take a ${routing.model.name}`
      )
    }
    const user = this.state.options.user ?? null
    if ((await (tenant as LucidRow & TenantAccess).canAccessTenant(user)) !== true) {
      this.fail(
        label,
        `${this.describeUser()} may not access ${this.describeTenant()} (canAccessTenant() did not return true); its routes answer E_KIT_NOT_FOUND (Tenant not found)`
      )
    }
    this.state.tenantChecked = true
  }

  /**
   * Resolve the parent record through the parent resource's scoped query
   * and its `view` authorization: the function the nested routes call.
   */
  protected async resolveParent(label: string, mount: ResourceMount, context: KitContext) {
    const parentResource = mount.parent!.mount.resource
    const ParentName = parentResource.constructor.name
    const parent = this.state.parent
    if (parent === null) {
      this.fail(
        label,
        `${this.state.ResourceClass.name} is nested under ${ParentName}; pass { parent } to kit() or call forParent(record) first`
      )
    }
    const what = `the parent ${this.describeParent(parent)}`
    try {
      return await resolveParent(mount, context, this.keyOf(parent))
    } catch (error) {
      if (error instanceof RecordNotFoundException) {
        this.fail(
          label,
          `${what} answered ${error.code} (${error.message}): it is outside ${ParentName}'s scoped query for ${this.describeScope(false)}, or does not exist`
        )
      }
      if (error instanceof UnauthorizedOperationException) {
        this.fail(
          label,
          `viewing ${what} was denied for ${this.describeUser()} (${error.code}: ${error.message}); the nested routes refuse it`
        )
      }
      if (error instanceof MissingTenantException) {
        this.fail(label, this.noTenant(ParentName, parentResource.tenantRelationship!, error))
      }
      throw error
    }
  }

  protected describeTenant(tenant: LucidRow | null = this.state.tenant): string {
    return tenant ? `tenant ${tenant.constructor.name} #${tenant.$primaryKeyValue}` : 'no tenant'
  }

  protected describeParent(parent: RecordReference): string {
    const parentResource = this.state.mount!.parent!.mount.resource
    const label = parentResource.getLabel()
    return typeof parent === 'object'
      ? `${label} #${parent.$primaryKeyValue} "${parentResource.recordTitle(parent)}"`
      : `${label} #${parent}`
  }

  /**
   * Who reads, in which tenant and under which parent.
   */
  protected describeScope(withParent = true): string {
    const parts = [this.describeUser()]
    if (this.state.tenant) parts.push(`in ${this.describeTenant()}`)
    if (withParent && this.state.parent !== null && this.state.mount?.parent) {
      parts.push(`under ${this.describeParent(this.state.parent)}`)
    }
    return parts.join(' ')
  }

  protected noTenant(name: string, relationship: string, error: MissingTenantException): string {
    return `${name} is tenant-scoped (tenantRelationship "${relationship}") and the driver has no tenant, so reading is refused (${error.code}: ${error.message}); call forTenant(tenant) or pass { tenant }`
  }

  protected describeUser(): string {
    const user = this.state.options.user
    return user ? `user #${user.id ?? '?'}` : 'a guest'
  }

  /**
   * Run a kit call, turning refusals into failures that say what happened.
   * Validation errors are returned for the caller to keep.
   */
  protected async attempt<T>(
    label: string,
    what: string,
    call: () => Promise<T>
  ): Promise<{ value: T; errors: null } | { value: null; errors: KitFieldError[] }> {
    try {
      return { value: await call(), errors: null }
    } catch (error) {
      if (error instanceof vineErrors.E_VALIDATION_ERROR) {
        return { value: null, errors: toFieldErrors(error) }
      }
      if (error instanceof UnauthorizedOperationException) {
        this.fail(
          label,
          `${what} was denied for ${this.describeUser()} (${error.code}: ${error.message})`
        )
      }
      if (error instanceof RecordNotFoundException) {
        this.fail(
          label,
          `${what} answered ${error.code} (${error.message}): it is outside ${this.state.ResourceClass.name}'s scoped query for ${this.describeScope()}, or does not exist`
        )
      }
      if (error instanceof MissingTenantException) {
        this.fail(
          label,
          this.noTenant(
            this.state.ResourceClass.name,
            this.state.mount?.resource.tenantRelationship ?? '?',
            error
          )
        )
      }
      throw error
    }
  }

  /**
   * The input of an operation, as the route would build it: the route
   * parameters and the body as the application's body parser reads it.
   */
  protected input(
    context: KitContext,
    params: Record<string, string> = {},
    body: Record<string, unknown> = {},
    query: Record<string, unknown> = {}
  ): OperationInput {
    return { mount: this.state.mount!, context, params, query, body: asRequestBody(body) }
  }

  /**
   * Fail unless `name` is one of `names`: `no <kind> "<name>"; <owner> has: ...`.
   */
  protected assertNamed(label: string, kind: string, name: string, names: string[], owner: string) {
    if (!names.includes(name)) {
      this.fail(label, `no ${kind} "${name}"; ${owner} has: ${listOf(names)}`)
    }
  }

  /**
   * A step asserting the resource declares something by name.
   */
  protected assertDeclared(
    method: string,
    kind: string,
    name: string,
    owner: string,
    names: (label: string) => string[] | Promise<string[]>
  ): this {
    const label = `${method}(${JSON.stringify(name)})`
    return this.queue(label, async () => {
      await this.resolveMount()
      this.assertNamed(label, kind, name, await names(label), owner)
    })
  }

  protected keyOf(record: RecordReference): string {
    return typeof record === 'object' ? String(record.$primaryKeyValue) : String(record)
  }

  protected describeRecord(record: RecordReference): string {
    const label = this.state.mount?.resource.getLabel() ?? 'Record'
    if (typeof record === 'object') {
      return `${label} #${record.$primaryKeyValue} "${this.state.mount!.resource.recordTitle(record)}"`
    }
    return `${label} #${record}`
  }

  protected listPage(label: string) {
    const list = this.state.mount!.pageOfKind('list')
    if (!list) {
      this.fail(
        label,
        `${this.state.ResourceClass.name} has no list page (pages: ${[...this.state.mount!.pages.keys()].join(', ')})`
      )
    }
    return list
  }

  protected tableQuery(): Record<string, unknown> {
    const query: Record<string, unknown> = { [TABLE_PARAMETERS.filters]: { ...this.state.filters } }
    if (this.state.search !== null) query[TABLE_PARAMETERS.search] = this.state.search
    if (this.state.sort) {
      query[TABLE_PARAMETERS.sort] = this.state.sort.column
      query[TABLE_PARAMETERS.direction] = this.state.sort.direction
    }
    if (this.state.cursor !== null) query[CURSOR_PARAMETER] = this.state.cursor
    return query
  }

  /**
   * The version a record's row was drawn with, as a request body's
   * `_kit_version` (editable cells, row actions): the last table the chain
   * loaded, else the row as a table drawn now shows it (none when the
   * scoped query does not find it).
   */
  protected async drawnVersion(
    context: KitContext,
    record: RecordReference
  ): Promise<{ [VERSION_KEY]?: string }> {
    const mount = await this.resolveMount()
    const key = this.keyOf(record)
    const version =
      this.state.rowVersions?.get(key) ??
      (await findRecord(mount.resource, context, key).then(
        (found) => versionOf(sourceOf(mount.resource), found),
        () => undefined
      ))
    return version === undefined ? {} : { [VERSION_KEY]: version }
  }

  protected async loadTable(label: string): Promise<ListPageTable> {
    const mount = await this.resolveMount()
    const list = this.listPage(label)
    const context = await this.context()
    const loaded = await this.attempt(label, 'the list page', () =>
      listOperation(mount, list, this.tableQuery(), context)
    )
    const versions = (this.state.rowVersions ??= new Map())
    for (const row of loaded.value!.table.rows) {
      if (row.version !== undefined) {
        versions.set(String(row.key), row.version)
      }
    }
    return loaded.value!
  }
}

/**
 * Whether a value is a Lucid model instance.
 */
export function isRow(value: unknown): value is LucidRow {
  return typeof value === 'object' && value !== null && '$primaryKeyValue' in value
}

/**
 * The application: the one given to the plugin, else the app service.
 */
export async function application(): Promise<ApplicationService> {
  if (driverApplication.app) {
    return driverApplication.app
  }
  const service = await import('@adonisjs/core/services/app')
  return service.default
}
