import type { LucidRow } from '@adonisjs/lucid/types/model'
import { MissingTenantException, RecordNotFoundException } from '../../support/errors.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import { findRecord, resourceQuery } from '../../runtime/query/scoped_query.ts'
import { constrainToTenant, Tenancy, tenantOwnership } from '../../definitions/tenancy/tenancy.ts'
import { DriverCore, isRow, type RecordReference } from './driver_core.ts'

/**
 * Steps of a tenant-routed or tenant-scoped resource, and of a nested resource's parent.
 */
export abstract class TenancySteps<R extends Resource<any> = Resource<any>> extends DriverCore<R> {
  /**
   * Act in a tenant from the next step on: every step runs in a request
   * scope holding it, as a tenant-routed request does. On a tenant-routed
   * mount, the tenant must be of the routed model and the user must be
   * allowed in (`canAccessTenant(user)`), as the tenant middleware checks.
   */
  forTenant(tenant: LucidRow): this {
    const label = `forTenant(${isRow(tenant) ? `${tenant.constructor.name} #${tenant.$primaryKeyValue}` : JSON.stringify(tenant)})`
    return this.queue(label, async () => {
      if (!isRow(tenant)) {
        this.fail(label, 'the tenant must be a Lucid model instance (the tenant record)')
      }
      await this.resolveMount()
      this.state.tenant = tenant
      this.state.tenantChecked = false
      await this.checkTenant(label)
    })
  }

  /**
   * Act without a tenant from the next step on (as a request no tenant
   * middleware ran for).
   */
  withoutTenant(): this {
    return this.queue('withoutTenant()', () => {
      this.state.tenant = null
      this.state.tenantChecked = false
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
    return this.queue(label, async () => {
      const mount = await this.resolveMount()
      if (!mount.parent) {
        this.fail(
          label,
          `${this.state.ResourceClass.name} is not nested (it has no parent resource), so it takes no parent`
        )
      }
      const parentModel = mount.parent.mount.resource.model
      if (typeof record === 'object' && !(record instanceof parentModel)) {
        this.fail(
          label,
          `the parent must be a ${parentModel.name} (or its key); got ${(record as { constructor?: { name?: string } } | null)?.constructor?.name ?? String(record)}`
        )
      }
      this.state.parent = record
      const context = await this.baseContext()
      await this.checkTenant(label)
      await this.resolveParent(label, mount, context)
    })
  }

  /**
   * Assert the resource is tenant-scoped: it declares a tenantRelationship
   * and, with no tenant, its scoped query refuses to read (E_KIT_NO_TENANT).
   */
  assertTenantScoped(): this {
    const label = 'assertTenantScoped()'
    return this.queue(label, async () => {
      await this.resolveMount()
      const resource = this.resource
      if (!resource.tenantRelationship) {
        this.fail(
          label,
          `${this.state.ResourceClass.name} declares no tenantRelationship: its records are not scoped to a tenant, every user reads them all`
        )
      }
      const context = await this.baseContext()
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
        this.fail(
          label,
          `${this.state.ResourceClass.name} declares tenantRelationship "${resource.tenantRelationship}", but its scoped query read without a tenant instead of refusing with E_KIT_NO_TENANT`
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
    return this.queue(label, async () => {
      await this.resolveMount()
      const resource = this.resource
      const model = resource.model
      const name = this.state.ResourceClass.name
      if (!resource.tenantRelationship) {
        this.fail(label, `${name} declares no tenantRelationship: no record is outside a tenant`)
      }
      const tenant = this.state.tenant
      if (!tenant) {
        this.fail(label, `the driver has no tenant; call forTenant(tenant) first`)
      }
      const key = this.keyOf(record)
      const stored = resource.isValidRecordKey(key) ? await model.find(key) : null
      if (!stored) {
        this.fail(
          label,
          `${this.describeRecord(record)} does not exist in "${model.table}"; pass a record of another tenant`
        )
      }
      const context = await this.context()
      const found = await findRecord(resource, context, key).catch((error) => {
        if (error instanceof RecordNotFoundException) return null
        throw error
      })
      if (found) {
        this.fail(
          label,
          `${this.describeRecord(found)} is reachable through ${name}'s scoped query for ${this.describeScope()}: it belongs to the tenant`
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
        this.fail(
          label,
          `${this.describeRecord(stored)} belongs to ${this.describeTenant()}; the scoped query hides it for another reason (modifyQuery(), the parent or soft deletes), not the tenant`
        )
      }
    })
  }
}
