/**
 * An operation of a resource or of a relation manager, mapped to the Bouncer policy ability that
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
  /** Attach an existing record to the owner (relation managers, many-to-many) */
  static readonly Attach = new ResourceOperation('attach', 'attach', false)
  /** Associate an existing record with the owner (relation managers, has-many) */
  static readonly Associate = new ResourceOperation('associate', 'associate', false)
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
  /** Detach a related record (many-to-many); the record itself stays */
  static readonly Detach = new ResourceOperation('detach', 'detach', true)
  /** Dissociate a related record (has-many): its foreign key becomes null */
  static readonly Dissociate = new ResourceOperation('dissociate', 'dissociate', true)

  /**
   * Every operation, in declaration order.
   */
  static all(): ResourceOperation[] {
    return [
      this.ViewAny,
      this.View,
      this.Create,
      this.Attach,
      this.Associate,
      this.Edit,
      this.Delete,
      this.DeleteAny,
      this.Restore,
      this.RestoreAny,
      this.ForceDelete,
      this.ForceDeleteAny,
      this.Detach,
      this.Dissociate,
    ]
  }

  /**
   * The operations of a relation manager: every operation but View (a
   * related record has no page of its own).
   */
  static forRelations(): ResourceOperation[] {
    return this.all().filter((operation) => operation !== this.View)
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
