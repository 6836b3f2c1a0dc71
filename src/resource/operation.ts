/**
 * An operation of a resource, mapped to the Bouncer policy ability that
 * authorizes it.
 *
 * @example
 * ```ts
 * ResourceOperation.Edit.policyAbility() // 'update'
 * ```
 */
export class ResourceOperation {
  /** List the records (index page, table, global search) */
  static readonly ViewAny = new ResourceOperation('viewAny', 'viewAny', false)
  /** Open one record read-only */
  static readonly View = new ResourceOperation('view', 'view', true)
  /** Open the create form and create a record */
  static readonly Create = new ResourceOperation('create', 'create', false)
  /** Open the edit form and update a record */
  static readonly Edit = new ResourceOperation('edit', 'update', true)
  /** Delete one record */
  static readonly Delete = new ResourceOperation('delete', 'delete', true)
  /** Delete records in bulk */
  static readonly DeleteAny = new ResourceOperation('deleteAny', 'deleteAny', false)
  /** Restore a trashed record (soft-delete preset) */
  static readonly Restore = new ResourceOperation('restore', 'restore', true)
  /** Restore records in bulk (soft-delete preset) */
  static readonly RestoreAny = new ResourceOperation('restoreAny', 'restoreAny', false)
  /** Delete a record permanently (soft-delete preset) */
  static readonly ForceDelete = new ResourceOperation('forceDelete', 'forceDelete', true)
  /** Delete records permanently in bulk (soft-delete preset) */
  static readonly ForceDeleteAny = new ResourceOperation('forceDeleteAny', 'forceDeleteAny', false)

  /**
   * Every operation, in declaration order.
   */
  static all(): ResourceOperation[] {
    return [
      this.ViewAny,
      this.View,
      this.Create,
      this.Edit,
      this.Delete,
      this.DeleteAny,
      this.Restore,
      this.RestoreAny,
      this.ForceDelete,
      this.ForceDeleteAny,
    ]
  }

  /**
   * Find an operation by its name.
   */
  static from(name: string): ResourceOperation | undefined {
    return this.all().find((operation) => operation.name === name)
  }

  #ability: string

  private constructor(
    /** Name of the operation (`edit`) */
    readonly name: string,
    ability: string,
    /** Whether the operation acts on one record */
    readonly requiresRecord: boolean
  ) {
    this.#ability = ability
  }

  /**
   * The Bouncer policy method that authorizes this operation.
   */
  policyAbility(): string {
    return this.#ability
  }

  toString() {
    return this.name
  }
}
