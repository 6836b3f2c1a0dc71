/*
 * adonis-kit
 *
 * The kit() test driver: a fluent, awaitable builder that drives a mounted
 * resource through the same functions its HTTP routes call (the scoped
 * query, the table query, the authorizer, the validator, the mutation
 * sequence and the action runner). Nothing is mocked.
 */

import { AssertionError } from 'node:assert'
import { isDeepStrictEqual } from 'node:util'
import { errors as vineErrors } from '@vinejs/vine'
import type { ApplicationService } from '@adonisjs/core/types'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { BulkActionResult, TableContract, TableRowContract } from '../contracts/main.ts'
import {
  MissingTenantException,
  RecordNotFoundException,
  UnauthorizedOperationException,
} from '../errors.ts'
import type { Resource } from '../resource/resource.ts'
import type { ResourceMount } from '../routing/resource_mount.ts'
import { resolveParent } from '../routing/page_handlers.ts'
import { findRecord, resourceQuery } from '../query/scoped_query.ts'
import {
  constrainToTenant,
  Tenancy,
  tenantOwnership,
  type TenantAccess,
} from '../tenancy/tenancy.ts'
import type { ListRecords } from '../pages/resource_page.ts'
import {
  loadFormPage,
  loadListTable,
  runHeaderAction,
  runMountedBulkAction,
  type ListPageTable,
} from '../pages/page_data.ts'
import { buildForm, buildTable } from '../table/builders.ts'
import { TABLE_PARAMETERS } from '../table/table_query.ts'
import { CURSOR_PARAMETER } from '../table/keyset.ts'
import type { TableFilterValue } from '../table/filters/filter_value.ts'
import { ActionStop, findHostedAction, runRowAction } from '../table/actions/action_runner.ts'
import { builtInActions } from '../table/actions/action_serializer.ts'
import { declaredFields } from '../validation/validator_cache.ts'
import {
  createRecord,
  deleteRecord,
  forceDeleteRecord,
  restoreRecord,
  updateColumn,
  updateRecord,
} from '../mutation/mutation_runner.ts'
import type { KitContext, KitUser } from '../types.ts'
import {
  describeErrors,
  describeExpected,
  listOf,
  toFieldErrors,
  type ExpectedErrors,
  type KitFieldError,
} from './failure_messages.ts'
import { asRequestBody } from './http_input.ts'

export type { ExpectedErrors, KitFieldError } from './failure_messages.ts'

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

type ActionOutcome =
  | { status: 'succeeded'; result: unknown }
  | { status: 'halted' | 'cancelled'; message: string | null }
  | { status: 'invalid'; errors: KitFieldError[] }

type MountedAction = {
  kind: 'row' | 'header'
  name: string
  record: RecordReference | null
  data: Record<string, any>
}

type Selection = { records: RecordReference[] } | { selectAll: true; except: RecordReference[] }

/**
 * Built-in row actions the driver runs through the record lifecycle
 * mutations.
 */
const LIFECYCLE_ACTIONS = {
  delete: deleteRecord,
  restore: restoreRecord,
  forceDelete: forceDeleteRecord,
} as const

/**
 * Drivers with steps that were queued but never awaited.
 * @internal
 */
export const unawaitedDrivers = new Set<KitDriver<any>>()

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
 * The fluent test driver `kit(Resource, { user })` returns. Every method
 * queues a step and returns the driver; awaiting it runs the queued steps
 * in order. The driver keeps its state (table state, form, mounted action,
 * selection) between awaits.
 *
 * @example
 * ```ts
 * await kit(PostResource, { user })
 *   .searchTable('adonis')
 *   .assertCanSeeTableRecords([post])
 *   .assertCanNotSeeTableRecords([draft])
 * ```
 */
export class KitDriver<R extends Resource<any> = Resource<any>> implements PromiseLike<void> {
  #ResourceClass: KitResourceClass<R>
  #options: KitDriverOptions
  #steps: { label: string; run: () => Promise<void> }[] = []
  #running: Promise<void> = Promise.resolve()
  #mount: ResourceMount | null = null
  #label = ''

  /* request scope: the tenant and the parent record of a nested resource */
  #tenant: LucidRow | null
  #tenantChecked = false
  #parent: RecordReference | null

  /* table state, in the shape of the list route's query string */
  #search: string | null = null
  #sort: { column: string; direction: 'asc' | 'desc' } | null = null
  #filters: Record<string, TableFilterValue> = {}
  #cursor: string | null = null

  /* form */
  #editing: RecordReference | null = null
  #filled: Record<string, any> = {}
  #formErrors: KitFieldError[] | null = null
  #lastSubmission: string | null = null
  #record: LucidRow | null = null

  /* actions */
  #mounted: MountedAction | null = null
  #outcome: { action: string; outcome: ActionOutcome } | null = null
  #selection: Selection | null = null

  constructor(ResourceClass: KitResourceClass<R>, options: KitDriverOptions = {}) {
    this.#ResourceClass = ResourceClass
    this.#options = options
    this.#tenant = options.tenant ?? null
    this.#parent = options.parent ?? null
  }

  /* ------------------------------------------------------------------ */
  /* running                                                             */
  /* ------------------------------------------------------------------ */

  /**
   * Run the queued steps in order (what `await` calls).
   */
  then<TResult1 = void, TResult2 = never>(
    onfulfilled?: ((value: void) => TResult1 | PromiseLike<TResult1>) | null,
    onrejected?: ((reason: any) => TResult2 | PromiseLike<TResult2>) | null
  ): PromiseLike<TResult1 | TResult2> {
    return this.#run().then(onfulfilled, onrejected)
  }

  /**
   * Run the queued steps, then return the record the last `call()` or
   * `editTableColumn()` created or saved.
   */
  async record<T extends LucidRow = InstanceType<R['model']>>(): Promise<T> {
    await this.#run()
    if (!this.#record) {
      const why =
        this.#lastSubmission === null
          ? 'no form was submitted; call("create") or call("save") first'
          : `${this.#lastSubmission} did not write a record: ${describeErrors(this.#formErrors ?? [])}`
      this.#fail('record()', why)
    }
    return this.#record as T
  }

  /**
   * Run the queued steps, then return the table as the list page serves it
   * (the `table` prop), for the current search, filters and sort.
   */
  async table(): Promise<TableContract> {
    await this.#run()
    return this.#inScope('table()', async () => {
      const loaded = await this.#loadTable('table()')
      return loaded.table
    })
  }

  /**
   * Run the queued steps, then return the driver's current tenant (set with
   * `forTenant()` or the `tenant` option), or null.
   */
  async tenant<T extends LucidRow = LucidRow>(): Promise<T | null> {
    await this.#run()
    return this.#tenant as T | null
  }

  /**
   * Run a step in a fresh request scope holding the driver's tenant, as
   * the kit's request-scope middleware does for every request.
   */
  #inScope<T>(label: string, run: () => Promise<T>): Promise<T> {
    return Tenancy.run(this.#tenant, () => {
      this.#label = label
      return run()
    })
  }

  #run(): Promise<void> {
    const steps = this.#steps.splice(0)
    unawaitedDrivers.delete(this)
    this.#running = this.#running
      .catch(() => {})
      .then(async () => {
        for (const step of steps) {
          await this.#inScope(step.label, step.run)
        }
      })
    return this.#running
  }

  #queue(label: string, run: () => Promise<void> | void): this {
    this.#steps.push({ label, run: async () => run() })
    unawaitedDrivers.add(this)
    return this
  }

  /**
   * A readable name for the driver in failure messages.
   */
  describe(): string {
    return `kit(${this.#ResourceClass.name})`
  }

  #fail(label: string, message: string, details?: { actual?: unknown; expected?: unknown }): never {
    throw new KitAssertionError({
      message: `${this.describe()}.${label}: ${message}`,
      actual: details?.actual,
      expected: details?.expected,
      operator: label.replace(/\(.*$/, ''),
    })
  }

  /* ------------------------------------------------------------------ */
  /* context                                                             */
  /* ------------------------------------------------------------------ */

  async #resolveMount(): Promise<ResourceMount> {
    if (this.#mount) {
      return this.#mount
    }
    const app = await application()
    const manager = await app.container.make('kit')
    const mount = manager
      .mounts()
      .find(
        (candidate) =>
          candidate.resource.constructor === this.#ResourceClass &&
          (this.#options.panel === undefined || candidate.options.panelId === this.#options.panel)
      )
    if (!mount) {
      const mounted = manager
        .mounts()
        .map((candidate) => `${candidate.resource.constructor.name} at ${candidate.basePath()}`)
      throw new KitAssertionError({
        message: `${this.describe()}: ${this.#ResourceClass.name} is not mounted${this.#options.panel === undefined ? '' : ` on panel "${this.#options.panel}"`}; mounted resources: ${listOf(mounted)}`,
      })
    }
    if (this.#parent !== null && !mount.parent) {
      throw new KitAssertionError({
        message: `${this.describe()}: ${this.#ResourceClass.name} is not nested (it has no parent resource), so it takes no parent`,
      })
    }
    this.#mount = mount
    return mount
  }

  get #resource(): R {
    return this.#mount!.resource as R
  }

  /**
   * The kit context every step runs with, built once per step like a
   * request builds one: the tenant is checked as the tenant middleware
   * checks it, and the parent of a nested resource is resolved as the
   * nested routes resolve it (scoped query, `view` authorization).
   */
  async #context(): Promise<KitContext> {
    const mount = await this.#resolveMount()
    const label = this.#label
    await this.#checkTenant(label)
    const context = await this.#baseContext()
    if (mount.parent) {
      context.parent = await this.#resolveParent(label, mount, context)
    }
    return context
  }

  async #baseContext(): Promise<KitContext> {
    const app = await application()
    return { user: this.#options.user ?? null, containerResolver: app.container.createResolver() }
  }

  /**
   * The tenant routing of the mount (its own, or its parent's).
   */
  #tenantRouting() {
    const mount = this.#mount!
    return mount.options.tenant ?? mount.parent?.mount.options.tenant ?? null
  }

  /**
   * Check the driver's tenant as the tenant middleware of a tenant-routed
   * mount does: a tenant of the routed model that the user may access.
   * Once per tenant.
   */
  async #checkTenant(label: string) {
    const routing = this.#tenantRouting()
    if (!routing) {
      return
    }
    const tenant = this.#tenant
    if (!tenant) {
      this.#fail(
        label,
        `${this.#ResourceClass.name} is mounted with tenant routing (its URLs start with the ${routing.model.name} segment) and the driver has no tenant; call forTenant(${routing.model.name.toLowerCase()}) or pass { tenant }`
      )
    }
    if (this.#tenantChecked) {
      return
    }
    if (!(tenant instanceof routing.model)) {
      this.#fail(
        label,
        `the tenant is a ${(tenant as LucidRow).constructor.name}, but ${this.#ResourceClass.name}'s routes take a ${routing.model.name}`
      )
    }
    const user = this.#options.user ?? null
    if ((await (tenant as LucidRow & TenantAccess).canAccessTenant(user)) !== true) {
      this.#fail(
        label,
        `${this.#describeUser()} may not access ${this.#describeTenant()} (canAccessTenant() did not return true); its routes answer E_KIT_NOT_FOUND (Tenant not found)`
      )
    }
    this.#tenantChecked = true
  }

  /**
   * Resolve the parent record through the parent resource's scoped query
   * and its `view` authorization: the function the nested routes call.
   */
  async #resolveParent(label: string, mount: ResourceMount, context: KitContext) {
    const parentResource = mount.parent!.mount.resource
    const ParentName = parentResource.constructor.name
    const parent = this.#parent
    if (parent === null) {
      this.#fail(
        label,
        `${this.#ResourceClass.name} is nested under ${ParentName}; pass { parent } to kit() or call forParent(record) first`
      )
    }
    const what = `the parent ${this.#describeParent(parent)}`
    try {
      return await resolveParent(mount, context, this.#keyOf(parent))
    } catch (error) {
      if (error instanceof RecordNotFoundException) {
        this.#fail(
          label,
          `${what} answered ${error.code} (${error.message}): it is outside ${ParentName}'s scoped query for ${this.#describeScope(false)}, or does not exist`
        )
      }
      if (error instanceof UnauthorizedOperationException) {
        this.#fail(
          label,
          `viewing ${what} was denied for ${this.#describeUser()} (${error.code}: ${error.message}); the nested routes refuse it`
        )
      }
      if (error instanceof MissingTenantException) {
        this.#fail(label, this.#noTenant(ParentName, parentResource.tenantRelationship!, error))
      }
      throw error
    }
  }

  #describeTenant(tenant: LucidRow | null = this.#tenant): string {
    return tenant ? `tenant ${tenant.constructor.name} #${tenant.$primaryKeyValue}` : 'no tenant'
  }

  #describeParent(parent: RecordReference): string {
    const parentResource = this.#mount!.parent!.mount.resource
    const label = parentResource.getLabel()
    return typeof parent === 'object'
      ? `${label} #${parent.$primaryKeyValue} "${parentResource.recordTitle(parent)}"`
      : `${label} #${parent}`
  }

  /**
   * Who reads, in which tenant and under which parent.
   */
  #describeScope(withParent = true): string {
    const parts = [this.#describeUser()]
    if (this.#tenant) parts.push(`in ${this.#describeTenant()}`)
    if (withParent && this.#parent !== null && this.#mount?.parent) {
      parts.push(`under ${this.#describeParent(this.#parent)}`)
    }
    return parts.join(' ')
  }

  #noTenant(name: string, relationship: string, error: MissingTenantException): string {
    return `${name} is tenant-scoped (tenantRelationship "${relationship}") and the driver has no tenant, so reading is refused (${error.code}: ${error.message}); call forTenant(tenant) or pass { tenant }`
  }

  #describeUser(): string {
    const user = this.#options.user
    return user ? `user #${user.id ?? '?'}` : 'a guest'
  }

  /**
   * Run a kit call, turning refusals into failures that say what happened.
   * Validation errors are returned for the caller to keep.
   */
  async #attempt<T>(
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
        this.#fail(
          label,
          `${what} was denied for ${this.#describeUser()} (${error.code}: ${error.message})`
        )
      }
      if (error instanceof RecordNotFoundException) {
        this.#fail(
          label,
          `${what} answered ${error.code} (${error.message}): it is outside ${this.#ResourceClass.name}'s scoped query for ${this.#describeScope()}, or does not exist`
        )
      }
      if (error instanceof MissingTenantException) {
        this.#fail(
          label,
          this.#noTenant(
            this.#ResourceClass.name,
            this.#mount?.resource.tenantRelationship ?? '?',
            error
          )
        )
      }
      throw error
    }
  }

  #keyOf(record: RecordReference): string {
    return typeof record === 'object' ? String(record.$primaryKeyValue) : String(record)
  }

  #describeRecord(record: RecordReference): string {
    const label = this.#mount?.resource.getLabel() ?? 'Record'
    if (typeof record === 'object') {
      return `${label} #${record.$primaryKeyValue} "${this.#mount!.resource.recordTitle(record)}"`
    }
    return `${label} #${record}`
  }

  /* ------------------------------------------------------------------ */
  /* tenancy and nesting                                                 */
  /* ------------------------------------------------------------------ */

  /**
   * Act in a tenant from the next step on: every step runs in a request
   * scope holding it, as a tenant-routed request does. On a tenant-routed
   * mount, the tenant must be of the routed model and the user must be
   * allowed in (`canAccessTenant(user)`), as the tenant middleware checks.
   */
  forTenant(tenant: LucidRow): this {
    const label = `forTenant(${isRow(tenant) ? `${tenant.constructor.name} #${tenant.$primaryKeyValue}` : JSON.stringify(tenant)})`
    return this.#queue(label, async () => {
      if (!isRow(tenant)) {
        this.#fail(label, 'the tenant must be a Lucid model instance (the tenant record)')
      }
      await this.#resolveMount()
      this.#tenant = tenant
      this.#tenantChecked = false
      await this.#checkTenant(label)
    })
  }

  /**
   * Act without a tenant from the next step on (as a request no tenant
   * middleware ran for).
   */
  withoutTenant(): this {
    return this.#queue('withoutTenant()', () => {
      this.#tenant = null
      this.#tenantChecked = false
    })
  }

  /**
   * Drive a nested resource under a parent record from the next step on.
   * The parent is resolved on every step as the nested routes resolve
   * their parent segment: through the parent resource's scoped query (in
   * the driver's tenant) and authorized with its `view` operation.
   */
  forParent(record: RecordReference): this {
    const label = `forParent(${typeof record === 'object' && record !== null ? `#${record.$primaryKeyValue}` : JSON.stringify(record)})`
    return this.#queue(label, async () => {
      const mount = await this.#resolveMount()
      if (!mount.parent) {
        this.#fail(
          label,
          `${this.#ResourceClass.name} is not nested (it has no parent resource), so it takes no parent`
        )
      }
      const parentModel = mount.parent.mount.resource.model
      if (typeof record === 'object' && !(record instanceof parentModel)) {
        this.#fail(
          label,
          `the parent must be a ${parentModel.name} (or its key); got ${(record as any)?.constructor?.name ?? String(record)}`
        )
      }
      this.#parent = record
      const context = await this.#baseContext()
      await this.#checkTenant(label)
      await this.#resolveParent(label, mount, context)
    })
  }

  /**
   * Assert the resource is tenant-scoped: it declares a tenantRelationship
   * and, with no tenant, its scoped query refuses to read (E_KIT_NO_TENANT).
   */
  assertTenantScoped(): this {
    const label = 'assertTenantScoped()'
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const resource = this.#resource
      if (!resource.tenantRelationship) {
        this.#fail(
          label,
          `${this.#ResourceClass.name} declares no tenantRelationship: its records are not scoped to a tenant, every user reads them all`
        )
      }
      const context = await this.#baseContext()
      const refusal = await Tenancy.run(null, async () => {
        try {
          resourceQuery(resource, context)
        } catch (error) {
          if (error instanceof MissingTenantException) return error
          throw error
        }
        return null
      })
      if (!refusal) {
        this.#fail(
          label,
          `${this.#ResourceClass.name} declares tenantRelationship "${resource.tenantRelationship}", but its scoped query read without a tenant instead of refusing with E_KIT_NO_TENANT`
        )
      }
    })
  }

  /**
   * Assert a record exists in the database but is not reachable through the
   * scoped query in the driver's tenant (a lookup answers E_KIT_NOT_FOUND),
   * because it is not the tenant's.
   */
  assertRecordOutsideTenant(record: RecordReference): this {
    const label = `assertRecordOutsideTenant(${typeof record === 'object' && record !== null ? `#${record.$primaryKeyValue}` : JSON.stringify(record)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const resource = this.#resource
      const model = resource.model
      const name = this.#ResourceClass.name
      if (!resource.tenantRelationship) {
        this.#fail(label, `${name} declares no tenantRelationship: no record is outside a tenant`)
      }
      const tenant = this.#tenant
      if (!tenant) {
        this.#fail(label, `the driver has no tenant; call forTenant(tenant) first`)
      }
      const key = this.#keyOf(record)
      const stored = resource.isValidRecordKey(key) ? await model.find(key) : null
      if (!stored) {
        this.#fail(
          label,
          `${this.#describeRecord(record)} does not exist in "${model.table}"; pass a record of another tenant`
        )
      }
      const context = await this.#context()
      const found = await findRecord(resource, context, key).catch((error) => {
        if (error instanceof RecordNotFoundException) return null
        throw error
      })
      if (found) {
        this.#fail(
          label,
          `${this.#describeRecord(found)} is reachable through ${name}'s scoped query for ${this.#describeScope()}: it belongs to the tenant`
        )
      }
      const owned = model.query().where(model.primaryKey, key)
      constrainToTenant(
        owned,
        model,
        tenantOwnership(model, resource.tenantRelationship, name),
        tenant
      )
      if (await owned.first()) {
        this.#fail(
          label,
          `${this.#describeRecord(stored)} belongs to ${this.#describeTenant()}; the scoped query hides it for another reason (modifyQuery(), the parent or soft deletes), not the tenant`
        )
      }
    })
  }

  /* ------------------------------------------------------------------ */
  /* relations                                                           */
  /* ------------------------------------------------------------------ */

  #relationGroupIds(): string[] {
    return this.#mount!.relations.entries.flatMap((entry) =>
      entry.type === 'group' ? [entry.group.getId()] : []
    )
  }

  /**
   * Assert the resource declares a relation group (by its id).
   */
  assertRelationGroupExists(id: string): this {
    const label = `assertRelationGroupExists(${JSON.stringify(id)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const ids = this.#relationGroupIds()
      if (!ids.includes(id)) {
        this.#fail(
          label,
          `no relation group "${id}"; ${this.#ResourceClass.name} has ${ids.length ? `the groups: ${listOf(ids)}` : 'no relation groups'}`
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
    return this.#queue(label, async () => {
      const mount = await this.#resolveMount()
      const relation = mount.relations.byName.get(name)
      if (!relation) {
        const names = [...mount.relations.byName.keys()]
        this.#fail(
          label,
          `no relation manager "${name}"; ${this.#ResourceClass.name} has ${names.length ? `the managers: ${listOf(names)}` : 'no relation managers'}`
        )
      }
      if (group === undefined) {
        return
      }
      const ids = this.#relationGroupIds()
      if (!ids.includes(group)) {
        this.#fail(
          label,
          `no relation group "${group}"; ${this.#ResourceClass.name} has ${ids.length ? `the groups: ${listOf(ids)}` : 'no relation groups'}`
        )
      }
      const actual = relation.group?.getId() ?? null
      if (actual !== group) {
        this.#fail(
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

  /* ------------------------------------------------------------------ */
  /* table                                                               */
  /* ------------------------------------------------------------------ */

  #listPage(label: string) {
    const list = this.#mount!.pageOfKind('list')
    if (!list) {
      this.#fail(
        label,
        `${this.#ResourceClass.name} has no list page (pages: ${[...this.#mount!.pages.keys()].join(', ')})`
      )
    }
    return list
  }

  #tableQuery(): Record<string, unknown> {
    const query: Record<string, unknown> = { [TABLE_PARAMETERS.filters]: { ...this.#filters } }
    if (this.#search !== null) query[TABLE_PARAMETERS.search] = this.#search
    if (this.#sort) {
      query[TABLE_PARAMETERS.sort] = this.#sort.column
      query[TABLE_PARAMETERS.direction] = this.#sort.direction
    }
    if (this.#cursor !== null) query[CURSOR_PARAMETER] = this.#cursor
    return query
  }

  #describeState(table: TableContract): string {
    const parts = [`page ${table.pagination.page} of ${table.pagination.lastPage}`]
    if (this.#tenant) parts.push(this.#describeTenant())
    if (this.#parent !== null && this.#mount?.parent) {
      parts.push(`under ${this.#describeParent(this.#parent)}`)
    }
    if (table.search) parts.push(`search "${table.search}"`)
    const filters = Object.entries(this.#filters).map(
      ([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`
    )
    if (filters.length) parts.push(`filters ${filters.join(', ')}`)
    if (table.sort) parts.push(`sorted by ${table.sort.column} ${table.sort.direction}`)
    return parts.join(', ')
  }

  #describeRows(rows: TableRowContract[]): string {
    if (!rows.length) return 'no records'
    return rows.map((row) => `#${row.key} "${row.title}"`).join(', ')
  }

  async #loadTable(label: string): Promise<ListPageTable> {
    const mount = await this.#resolveMount()
    const list = this.#listPage(label)
    const context = await this.#context()
    const loaded = await this.#attempt(label, 'the list page', () =>
      loadListTable(mount, list, this.#tableQuery(), context)
    )
    return loaded.value!
  }

  /**
   * Assert the table declares a column.
   */
  assertTableColumnExists(name: string): this {
    const label = `assertTableColumnExists(${JSON.stringify(name)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const names = buildTable(this.#resource)
        .getColumns()
        .map((column) => column.name)
      if (!names.includes(name)) {
        this.#fail(label, `no column "${name}"; the table has: ${listOf(names)}`)
      }
    })
  }

  /**
   * Assert the table declares a filter.
   */
  assertTableFilterExists(name: string): this {
    const label = `assertTableFilterExists(${JSON.stringify(name)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const names = buildTable(this.#resource)
        .getFilters()
        .map((filter) => filter.name)
      if (!names.includes(name)) {
        this.#fail(label, `no filter "${name}"; the table has: ${listOf(names)}`)
      }
    })
  }

  /**
   * Assert the records are on the current page of the table (in this order
   * with `{ inOrder: true }`).
   */
  assertCanSeeTableRecords(records: RecordReference[], options: { inOrder?: boolean } = {}): this {
    const label = `assertCanSeeTableRecords(${records.length} record${records.length === 1 ? '' : 's'})`
    return this.#queue(label, async () => {
      this.#assertSomeRecords(label, records)
      const { table } = await this.#loadTable(label)
      this.#assertSeen(label, table, records, options.inOrder === true)
    })
  }

  /**
   * An assertion over no records could never fail: refuse it.
   */
  #assertSomeRecords(label: string, records: RecordReference[]) {
    if (!Array.isArray(records) || !records.length) {
      this.#fail(label, 'no records given; pass the records (or keys) to look for')
    }
  }

  #assertSeen(label: string, table: TableContract, records: RecordReference[], inOrder: boolean) {
    const keys = table.rows.map((row) => String(row.key))
    const missing = records.filter((record) => !keys.includes(this.#keyOf(record)))
    if (missing.length) {
      this.#fail(
        label,
        `expected to see ${missing.map((record) => this.#describeRecord(record)).join(', ')}, but the table (${this.#describeState(table)}) shows ${this.#describeRows(table.rows)}`,
        { actual: keys, expected: records.map((record) => this.#keyOf(record)) }
      )
    }
    if (inOrder) {
      const expected = records.map((record) => this.#keyOf(record))
      const seen = keys.filter((key) => expected.includes(key))
      if (seen.join() !== expected.join()) {
        this.#fail(
          label,
          `expected the records in the order ${expected.map((key) => `#${key}`).join(', ')}, but the table (${this.#describeState(table)}) shows them as ${seen.map((key) => `#${key}`).join(', ')}`,
          { actual: seen, expected }
        )
      }
    }
  }

  /**
   * Assert none of the records is on the current page of the table.
   */
  assertCanNotSeeTableRecords(records: RecordReference[]): this {
    const label = `assertCanNotSeeTableRecords(${records.length} record${records.length === 1 ? '' : 's'})`
    return this.#queue(label, async () => {
      this.#assertSomeRecords(label, records)
      const { table } = await this.#loadTable(label)
      const keys = table.rows.map((row) => String(row.key))
      const seen = records.filter((record) => keys.includes(this.#keyOf(record)))
      if (seen.length) {
        this.#fail(
          label,
          `expected not to see ${seen.map((record) => this.#describeRecord(record)).join(', ')}, but the table (${this.#describeState(table)}) shows ${this.#describeRows(table.rows)}`,
          { actual: keys, expected: [] }
        )
      }
    })
  }

  /**
   * Search the table (as the list page's `search` parameter; terms under two
   * characters are ignored, as on the route). `null` clears the search.
   */
  searchTable(term: string | null): this {
    const label = `searchTable(${JSON.stringify(term)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const searchable = buildTable(this.#resource)
        .getColumns()
        .filter((column) => column.isSearchable())
      if (term !== null && !searchable.length) {
        this.#fail(label, `the table has no searchable column`)
      }
      this.#search = term
    })
  }

  /**
   * Clear the search, the filters, the sort and the page.
   */
  resetTable(): this {
    return this.#queue('resetTable()', () => {
      this.#search = null
      this.#sort = null
      this.#filters = {}
      this.#cursor = null
    })
  }

  /**
   * Go to the next (or previous) page of a table with `keysetPagination()`
   * through its cursor, as a renderer's next and previous links do. Fails
   * when the table has no cursors or no such page.
   */
  followTableCursor(direction: 'next' | 'previous' = 'next'): this {
    const label = `followTableCursor(${JSON.stringify(direction)})`
    return this.#queue(label, async () => {
      const { table } = await this.#loadTable(label)
      const cursors = table.pagination.cursors
      if (!cursors) {
        this.#fail(label, 'the table has no keyset cursors (see Table.keysetPagination())')
      }
      const cursor = cursors[direction]
      if (!cursor) {
        this.#fail(label, `the table (${this.#describeState(table)}) has no ${direction} page`)
      }
      this.#cursor = cursor
    })
  }

  /**
   * Apply a filter value; `null` removes the filter. The value takes the
   * filter's shape: one option of a select filter, an array of options of a
   * `multiple()` select, `true` / `false` (or `'true'` / `'false'`) for a
   * ternary filter, `{ from, until }` days (`YYYY-MM-DD`, either optional)
   * for a date-range filter. A value the filter would ignore fails.
   */
  filterTable(
    name: string,
    value: string | string[] | boolean | { from?: string | null; until?: string | null } | null
  ): this {
    const label = `filterTable(${JSON.stringify(name)}, ${JSON.stringify(value)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const table = buildTable(this.#resource)
      const filter = table.getFilter(name)
      if (!filter) {
        this.#fail(
          label,
          `no filter "${name}"; the table has: ${listOf(table.getFilters().map((item) => item.name))}`
        )
      }
      if (value === null) {
        delete this.#filters[name]
        return
      }
      let raw: unknown = typeof value === 'boolean' ? String(value) : value
      if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
        raw = Object.fromEntries(Object.entries(raw).filter(([, bound]) => bound !== null))
      }
      const accepted = filter.parse(raw)
      const same = Array.isArray(raw)
        ? Array.isArray(accepted) &&
          raw.length === accepted.length &&
          raw.every((item) => accepted.includes(item))
        : JSON.stringify(accepted) === JSON.stringify(raw)
      if (accepted === null || !same) {
        const contract = filter.toContract(null)
        const problem =
          contract.type === 'dateRange'
            ? `is not a range of filter "${name}"; give { from, until } days as YYYY-MM-DD`
            : `is not an option of filter "${name}"; options: ${listOf(
                contract.options.map((option) => option.value)
              )}${contract.type === 'select' && contract.multiple ? ' (as an array)' : ''}`
        this.#fail(label, `${JSON.stringify(value)} ${problem}`)
      }
      this.#filters[name] = accepted
    })
  }

  /**
   * Sort the table by a sortable column. Given records, also assert they
   * appear in that order.
   */
  sortTable(column: string, direction: 'asc' | 'desc' = 'asc', records?: RecordReference[]): this {
    const label = `sortTable(${JSON.stringify(column)}, ${JSON.stringify(direction)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const columns = buildTable(this.#resource).getColumns()
      const target = columns.find((candidate) => candidate.name === column)
      if (!target || !target.isSortable()) {
        const sortable = columns.filter((item) => item.isSortable()).map((item) => item.name)
        this.#fail(
          label,
          `${target ? `column "${column}" is not sortable` : `no column "${column}"`}; sortable columns: ${listOf(sortable)}`
        )
      }
      if (direction !== 'asc' && direction !== 'desc') {
        this.#fail(label, `direction must be "asc" or "desc"`)
      }
      this.#sort = { column, direction }
      if (records) {
        const { table } = await this.#loadTable(label)
        this.#assertSeen(label, table, records, true)
      }
    })
  }

  /**
   * Edit an editable column of a record, through the column's own update
   * (scoped query, `edit` authorization, the field's rule, the update
   * hooks). Validation errors are kept for `assertHasFormErrors()`.
   */
  editTableColumn(column: string, record: RecordReference, value: unknown): this {
    const label = `editTableColumn(${JSON.stringify(column)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const columns = buildTable(this.#resource).getColumns()
      const target = columns.find((candidate) => candidate.name === column)
      if (!target || !target.isEditable()) {
        const editable = columns.filter((item) => item.isEditable()).map((item) => item.name)
        this.#fail(
          label,
          `${target ? `column "${column}" is not editable` : `no column "${column}"`}; editable columns: ${listOf(editable)}`
        )
      }
      const context = await this.#context()
      const what = `editing column "${column}" of ${this.#describeRecord(record)}`
      const outcome = await this.#attempt(label, what, () =>
        updateColumn(this.#resource, context, this.#keyOf(record), column, asRequestBody({ value }))
      )
      this.#lastSubmission = `editTableColumn("${column}")`
      this.#formErrors = outcome.errors ?? []
      this.#record = outcome.value?.record ?? null
    })
  }

  /**
   * Assert the value a column shows for a record on the current page of the
   * table (as the `table` prop serializes it).
   */
  assertTableColumnStateSet(column: string, value: unknown, record: RecordReference): this {
    const label = `assertTableColumnStateSet(${JSON.stringify(column)})`
    return this.#queue(label, async () => {
      const { table } = await this.#loadTable(label)
      if (!table.columns.some((item) => item.name === column)) {
        this.#fail(
          label,
          `no column "${column}"; the table has: ${listOf(table.columns.map((item) => item.name))}`
        )
      }
      const row = table.rows.find((candidate) => String(candidate.key) === this.#keyOf(record))
      if (!row) {
        this.#fail(
          label,
          `${this.#describeRecord(record)} is not on the table (${this.#describeState(table)}); it shows ${this.#describeRows(table.rows)}`
        )
      }
      if (!isDeepStrictEqual(row.values[column], value)) {
        this.#fail(
          label,
          `expected column "${column}" of ${this.#describeRecord(record)} to be ${JSON.stringify(value)}, but the table shows ${JSON.stringify(row.values[column])}`,
          { actual: row.values[column], expected: value }
        )
      }
    })
  }

  /* ------------------------------------------------------------------ */
  /* forms                                                               */
  /* ------------------------------------------------------------------ */

  #formFields(): string[] {
    return buildForm(this.#resource)
      .getFields()
      .map((field) => field.name)
  }

  /**
   * Assert the form declares a field.
   */
  assertFormFieldExists(name: string): this {
    const label = `assertFormFieldExists(${JSON.stringify(name)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const fields = this.#formFields()
      if (!fields.includes(name)) {
        this.#fail(label, `no field "${name}"; the form has: ${listOf(fields)}`)
      }
    })
  }

  /**
   * Fill form fields (merged with what was filled before).
   */
  fillForm(data: Record<string, unknown>): this {
    const label = `fillForm(${listOf(Object.keys(data))})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const fields = this.#formFields()
      const unknown = Object.keys(data).filter((key) => !fields.includes(key))
      if (unknown.length) {
        this.#fail(
          label,
          `no field ${unknown.map((key) => `"${key}"`).join(', ')}; the form has: ${listOf(fields)}`
        )
      }
      Object.assign(this.#filled, data)
    })
  }

  /**
   * Open the edit form of a record, as its edit page does: resolved through
   * the scoped query and authorized with `edit`.
   */
  forEdit(record: RecordReference): this {
    const label = `forEdit(${typeof record === 'object' ? `#${record.$primaryKeyValue}` : JSON.stringify(record)})`
    return this.#queue(label, async () => {
      const mount = await this.#resolveMount()
      const edit = this.#pageOfKind(label, 'edit')
      const context = await this.#context()
      await this.#attempt(label, `the edit page of ${this.#describeRecord(record)}`, () =>
        loadFormPage(mount, edit, this.#keyOf(record), context)
      )
      this.#editing = record
      this.#filled = {}
      this.#formErrors = null
    })
  }

  #pageOfKind(label: string, kind: 'create' | 'edit') {
    const page = this.#mount!.pageOfKind(kind)
    if (!page) {
      this.#fail(
        label,
        `${this.#ResourceClass.name} has no ${kind} page (pages: ${[...this.#mount!.pages.keys()].join(', ')})`
      )
    }
    return page
  }

  /**
   * Submit the form as its page would: `create` posts the create form,
   * `save` the edit form opened with `forEdit()`. The values are the form's
   * current values (defaults, or the record's) with the filled fields on
   * top.
   */
  call(operation: 'create' | 'save'): this {
    const label = `call(${JSON.stringify(operation)})`
    return this.#queue(label, async () => {
      const mount = await this.#resolveMount()
      const context = await this.#context()
      if (operation === 'create') {
        if (this.#editing !== null) {
          this.#fail(label, `the form was opened with forEdit(); submit it with call("save")`)
        }
        const page = this.#pageOfKind(label, 'create')
        const createPage = await this.#attempt(label, 'the create page', () =>
          loadFormPage(mount, page, null, context)
        )
        const form = createPage.value!.form
        const outcome = await this.#attempt(label, 'creating a record', () =>
          createRecord(this.#resource, context, asRequestBody({ ...form.values, ...this.#filled }))
        )
        this.#submitted(label, outcome.errors, outcome.value?.record ?? null)
        return
      }
      if (operation !== 'save') {
        this.#fail(label, `the operation must be "create" or "save"`)
      }
      if (this.#editing === null) {
        this.#fail(label, `no record to save; open one with forEdit(record) first`)
      }
      const page = this.#pageOfKind(label, 'edit')
      const key = this.#keyOf(this.#editing)
      const what = `saving ${this.#describeRecord(this.#editing)}`
      const editPage = await this.#attempt(label, what, () =>
        loadFormPage(mount, page, key, context)
      )
      const form = editPage.value!.form
      const outcome = await this.#attempt(label, what, () =>
        updateRecord(
          this.#resource,
          context,
          key,
          asRequestBody({ ...form.values, ...this.#filled })
        )
      )
      this.#submitted(label, outcome.errors, outcome.value?.record ?? null)
    })
  }

  #submitted(label: string, errors: KitFieldError[] | null, record: LucidRow | null) {
    this.#lastSubmission = label
    this.#formErrors = errors ?? []
    this.#record = record
  }

  /**
   * Assert the last submission failed with these field errors (field names,
   * or field to rule: `{ title: 'required' }`).
   */
  assertHasFormErrors(expected: ExpectedErrors): this {
    const label = `assertHasFormErrors(${describeExpected(expected)})`
    return this.#queue(label, () => {
      if (this.#formErrors === null) {
        this.#fail(
          label,
          `no form was submitted; call("create"), call("save") or editTableColumn() first`
        )
      }
      this.#assertErrors(label, this.#lastSubmission!, this.#formErrors, expected)
    })
  }

  /**
   * Assert the last submission passed validation.
   */
  assertHasNoFormErrors(): this {
    return this.#queue('assertHasNoFormErrors()', () => {
      if (this.#formErrors === null) {
        this.#fail(
          'assertHasNoFormErrors()',
          `no form was submitted; call("create"), call("save") or editTableColumn() first`
        )
      }
      if (this.#formErrors.length) {
        this.#fail(
          'assertHasNoFormErrors()',
          `${this.#lastSubmission} failed validation: ${describeErrors(this.#formErrors)}`,
          { actual: this.#formErrors, expected: [] }
        )
      }
    })
  }

  #assertErrors(label: string, source: string, errors: KitFieldError[], expected: ExpectedErrors) {
    const entries: [string, string | true | null][] = Array.isArray(expected)
      ? expected.map((field) => [field, null])
      : Object.entries(expected)
    for (const [field, rule] of entries) {
      const fieldErrors = errors.filter((error) => error.field === field)
      if (!fieldErrors.length) {
        this.#fail(
          label,
          `expected "${field}" to fail${typeof rule === 'string' ? ` "${rule}"` : ''}, but it passed; ${source} ${errors.length ? `failed: ${describeErrors(errors)}` : 'had no errors'}`,
          { actual: errors, expected }
        )
      }
      if (typeof rule === 'string' && !fieldErrors.some((error) => error.rule === rule)) {
        this.#fail(
          label,
          `expected "${field}" to fail "${rule}", but it failed ${fieldErrors.map((error) => `"${error.rule}" (${error.message})`).join(', ')}`,
          { actual: errors, expected }
        )
      }
    }
  }

  /* ------------------------------------------------------------------ */
  /* actions                                                             */
  /* ------------------------------------------------------------------ */

  async #rowActionNames(): Promise<string[]> {
    if (this.#mount!.parent || this.#tenantRouting()) {
      /* the built-in actions carry the URLs of the tenant and parent segments */
      await this.#context()
    }
    return [
      ...builtInActions(this.#mount!).map((action) => action.name),
      ...buildTable(this.#resource)
        .getActions()
        .map((action) => action.name),
    ]
  }

  #headerActions(label: string) {
    const page = this.#listPage(label)
    return { page, actions: (page.page as ListRecords).headerActions() }
  }

  /**
   * Assert the table offers a row action (given a record: that the record's
   * row on the current page allows it for the user).
   */
  assertTableActionExists(name: string, record?: RecordReference): this {
    const label = `assertTableActionExists(${JSON.stringify(name)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const names = await this.#rowActionNames()
      if (!names.includes(name)) {
        this.#fail(label, `no row action "${name}"; the table has: ${listOf(names)}`)
      }
      if (record !== undefined) {
        const { table } = await this.#loadTable(label)
        const row = table.rows.find((candidate) => String(candidate.key) === this.#keyOf(record))
        if (!row) {
          this.#fail(
            label,
            `${this.#describeRecord(record)} is not on the table (${this.#describeState(table)})`
          )
        }
        if (!row.actions.includes(name)) {
          this.#fail(
            label,
            `the row of ${this.#describeRecord(record)} does not offer "${name}" to ${this.#describeUser()}; it offers: ${listOf(row.actions)}`
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
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const names = await this.#rowActionNames()
      if (!names.includes(name)) {
        this.#fail(label, `no row action "${name}"; the table has: ${listOf(names)}`)
      }
      if (name === 'edit') {
        this.#fail(label, `"edit" opens the edit page; use forEdit(record) and call("save")`)
      }
      const action = buildTable(this.#resource)
        .getActions()
        .find((candidate) => candidate.name === name)
      if (action && !action.isHosted()) {
        this.#fail(label, `action "${name}" has its own url() and is not run by the kit`)
      }
      this.#mounted = { kind: 'row', name, record, data: {} }
      this.#outcome = null
    })
  }

  /**
   * Fill the data of the mounted action (checked against its validation
   * class's fields).
   */
  fillTableActionForm(data: Record<string, unknown>): this {
    const label = `fillTableActionForm(${listOf(Object.keys(data))})`
    return this.#queue(label, () => {
      const mounted = this.#mounted
      if (!mounted) {
        this.#fail(label, `no action is mounted; call mountTableAction(name, record) first`)
      }
      const action = this.#findAction(label, mounted)
      const Rules = action?.getValidation()
      if (!Rules) {
        this.#fail(label, `action "${mounted.name}" has no validation() class: it takes no data`)
      }
      const fields = declaredFields(Rules, `action.${mounted.name}`, 'action')
      const unknown = Object.keys(data).filter((key) => !fields.includes(key))
      if (unknown.length) {
        this.#fail(
          label,
          `action "${mounted.name}" has no field ${unknown.map((key) => `"${key}"`).join(', ')}; its fields: ${listOf(fields)}`
        )
      }
      Object.assign(mounted.data, data)
    })
  }

  #findAction(label: string, mounted: MountedAction) {
    if (mounted.kind === 'header') {
      return findHostedAction(this.#headerActions(label).actions, mounted.name)
    }
    return buildTable(this.#resource)
      .getActions()
      .find((candidate) => candidate.name === mounted.name)
  }

  /**
   * Run the mounted action through the action runner (or the record
   * lifecycle mutation of a built-in action).
   */
  callMountedTableAction(): this {
    const label = 'callMountedTableAction()'
    return this.#queue(label, async () => {
      const mounted = this.#mounted
      if (!mounted) {
        this.#fail(label, `no action is mounted; call mountTableAction(name, record) first`)
      }
      await this.#runAction(label, mounted)
    })
  }

  async #runAction(label: string, mounted: MountedAction) {
    const mount = await this.#resolveMount()
    const context = await this.#context()
    const target =
      mounted.kind === 'header'
        ? `header action "${mounted.name}"`
        : `action "${mounted.name}" on ${this.#describeRecord(mounted.record!)}`
    const outcome = await this.#attempt(label, target, async () => {
      if (mounted.kind === 'header') {
        const page = this.#listPage(label)
        const run = await runHeaderAction(
          mount,
          page.key,
          mounted.name,
          context,
          asRequestBody(mounted.data)
        )
        return run.result
      }
      const key = this.#keyOf(mounted.record!)
      const lifecycle = LIFECYCLE_ACTIONS[mounted.name as keyof typeof LIFECYCLE_ACTIONS]
      if (lifecycle) {
        return lifecycle(this.#resource, context, key)
      }
      return runRowAction(this.#resource, context, key, mounted.name, asRequestBody(mounted.data))
    })
    this.#setOutcome(mounted.name, outcome)
  }

  #setOutcome(
    action: string,
    outcome: { value: unknown; errors: null } | { value: null; errors: KitFieldError[] }
  ) {
    if (outcome.errors) {
      this.#outcome = { action, outcome: { status: 'invalid', errors: outcome.errors } }
    } else if (outcome.value instanceof ActionStop) {
      this.#outcome = {
        action,
        outcome: { status: outcome.value.kind, message: outcome.value.message },
      }
    } else {
      this.#outcome = { action, outcome: { status: 'succeeded', result: outcome.value } }
    }
  }

  #lastOutcome(label: string) {
    if (!this.#outcome) {
      this.#fail(
        label,
        `no action was called; use callMountedTableAction(), callTableHeaderAction() or callTableBulkAction() first`
      )
    }
    return this.#outcome
  }

  #describeOutcome(outcome: ActionOutcome): string {
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
    return this.#queue(label, () => {
      const { action, outcome } = this.#lastOutcome(label)
      if (outcome.status === 'invalid') {
        this.#fail(label, `action "${action}" ${this.#describeOutcome(outcome)}`, {
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
    return this.#queue(label, () => {
      const { action, outcome } = this.#lastOutcome(label)
      const errors = outcome.status === 'invalid' ? outcome.errors : []
      if (outcome.status !== 'invalid') {
        this.#fail(
          label,
          `expected action "${action}" to fail validation, but it ${this.#describeOutcome(outcome)}`
        )
      }
      this.#assertErrors(label, `action "${action}"`, errors, expected)
    })
  }

  /**
   * Assert the last action ran to its end (and committed). The callback
   * receives what the action returned (a bulk action: `{ affected, refused }`).
   */
  assertTableActionSucceeded(check?: (result: any) => unknown): this {
    const label = 'assertTableActionSucceeded()'
    return this.#queue(label, async () => {
      const { action, outcome } = this.#lastOutcome(label)
      if (outcome.status !== 'succeeded') {
        this.#fail(label, `action "${action}" ${this.#describeOutcome(outcome)}`)
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
    return this.#assertStopped('halted', message)
  }

  /**
   * Assert the last action called `cancel()` (with this message, when given).
   */
  assertTableActionCancelled(message?: string): this {
    return this.#assertStopped('cancelled', message)
  }

  #assertStopped(kind: 'halted' | 'cancelled', message?: string) {
    const label = `assertTableAction${kind === 'halted' ? 'Halted' : 'Cancelled'}(${message === undefined ? '' : JSON.stringify(message)})`
    return this.#queue(label, () => {
      const { action, outcome } = this.#lastOutcome(label)
      if (outcome.status !== kind) {
        this.#fail(
          label,
          `expected action "${action}" to be ${kind}, but it ${this.#describeOutcome(outcome)}`
        )
      }
      if (message !== undefined && outcome.message !== message) {
        this.#fail(
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
    const label = `assertTableHeaderActionExists(${JSON.stringify(name)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const names = this.#headerActions(label).actions.map((action) => action.name)
      if (!names.includes(name)) {
        this.#fail(label, `no header action "${name}"; the list page has: ${listOf(names)}`)
      }
    })
  }

  /**
   * Run a hosted header action of the list page with its data.
   */
  callTableHeaderAction(name: string, data: Record<string, unknown> = {}): this {
    const label = `callTableHeaderAction(${JSON.stringify(name)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const actions = this.#headerActions(label).actions
      const action = actions.find((candidate) => candidate.name === name)
      if (!action) {
        this.#fail(
          label,
          `no header action "${name}"; the list page has: ${listOf(actions.map((item) => item.name))}`
        )
      }
      if (!action.isHosted()) {
        this.#fail(label, `header action "${name}" has its own url() and is not run by the kit`)
      }
      const mounted: MountedAction = { kind: 'header', name, record: null, data: { ...data } }
      this.#mounted = mounted
      await this.#runAction(label, mounted)
    })
  }

  /**
   * Assert the table declares a bulk action.
   */
  assertTableBulkActionExists(name: string): this {
    const label = `assertTableBulkActionExists(${JSON.stringify(name)})`
    return this.#queue(label, async () => {
      await this.#resolveMount()
      const names = this.#bulkActionNames()
      if (!names.includes(name)) {
        this.#fail(label, `no bulk action "${name}"; the table has: ${listOf(names)}`)
      }
    })
  }

  #bulkActionNames() {
    return buildTable(this.#resource)
      .getBulkActions()
      .map((action) => action.name)
  }

  /**
   * Select records for a bulk action.
   */
  selectTableRecords(records: RecordReference[]): this {
    const label = `selectTableRecords(${records.length} record${records.length === 1 ? '' : 's'})`
    return this.#queue(label, () => {
      if (!records.length) {
        this.#fail(
          label,
          'no records given; to select every record the table matches, use selectAllTableRecords()'
        )
      }
      this.#selection = { records: [...records] }
    })
  }

  /**
   * Select every record the table matches (query-wide, with the current
   * search and filters), except the given ones.
   */
  selectAllTableRecords(except: RecordReference[] = []): this {
    return this.#queue('selectAllTableRecords()', () => {
      this.#selection = { selectAll: true, except: [...except] }
    })
  }

  /**
   * Run a bulk action on the selection, as the bulk route does (the data is
   * sent with the selection, as a request body would be).
   */
  callTableBulkAction(name: string, data: Record<string, unknown> = {}): this {
    const label = `callTableBulkAction(${JSON.stringify(name)})`
    return this.#queue(label, async () => {
      const mount = await this.#resolveMount()
      const names = this.#bulkActionNames()
      if (!names.includes(name)) {
        this.#fail(label, `no bulk action "${name}"; the table has: ${listOf(names)}`)
      }
      const selection = this.#selection
      if (!selection) {
        this.#fail(
          label,
          `no records are selected; use selectTableRecords() or selectAllTableRecords()`
        )
      }
      const input: Record<string, unknown> =
        'records' in selection
          ? { ...data, records: selection.records.map((record) => this.#keyOf(record)) }
          : {
              ...data,
              ...this.#tableQuery(),
              selectAll: true,
              except: selection.except.map((record) => this.#keyOf(record)),
            }
      const context = await this.#context()
      const outcome = await this.#attempt<BulkActionResult>(label, `bulk action "${name}"`, () =>
        runMountedBulkAction(mount, name, context, asRequestBody(input))
      )
      this.#setOutcome(name, outcome)
    })
  }
}

/**
 * Whether a value is a Lucid model instance.
 */
function isRow(value: unknown): value is LucidRow {
  return typeof value === 'object' && value !== null && '$primaryKeyValue' in value
}

/**
 * The application: the one given to the plugin, else the app service.
 */
async function application(): Promise<ApplicationService> {
  if (driverApplication.app) {
    return driverApplication.app
  }
  const service = await import('@adonisjs/core/services/app')
  return service.default
}
