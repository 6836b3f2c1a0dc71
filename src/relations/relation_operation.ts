/**
 * An operation of a relation manager, mapped to the Bouncer policy ability
 * that authorizes it.
 *
 * @example
 * ```ts
 * RelationOperation.Edit.policyAbility() // 'update'
 * ```
 */
export class RelationOperation {
  /** List the related records */
  static readonly ViewAny = new RelationOperation('viewAny', 'viewAny', false, false)
  /** Create a related record (and attach it, for many-to-many) */
  static readonly Create = new RelationOperation('create', 'create', false, true)
  /** Attach an existing record (many-to-many) */
  static readonly Attach = new RelationOperation('attach', 'attach', false, true)
  /** Associate an existing record (has-many) */
  static readonly Associate = new RelationOperation('associate', 'associate', false, true)
  /** Update a related record (and its declared pivot attributes) */
  static readonly Edit = new RelationOperation('edit', 'update', true, true)
  /** Delete a related record */
  static readonly Delete = new RelationOperation('delete', 'delete', true, true)
  /** Delete related records in bulk */
  static readonly DeleteAny = new RelationOperation('deleteAny', 'deleteAny', false, true)
  /** Restore a trashed related record (soft-delete preset) */
  static readonly Restore = new RelationOperation('restore', 'restore', true, true)
  /** Restore related records in bulk (soft-delete preset) */
  static readonly RestoreAny = new RelationOperation('restoreAny', 'restoreAny', false, true)
  /** Delete a related record permanently (soft-delete preset) */
  static readonly ForceDelete = new RelationOperation('forceDelete', 'forceDelete', true, true)
  /** Delete related records permanently in bulk (soft-delete preset) */
  static readonly ForceDeleteAny = new RelationOperation(
    'forceDeleteAny',
    'forceDeleteAny',
    false,
    true
  )
  /** Detach a related record (many-to-many); the record itself stays */
  static readonly Detach = new RelationOperation('detach', 'detach', true, true)
  /** Dissociate a related record (has-many): its foreign key becomes null */
  static readonly Dissociate = new RelationOperation('dissociate', 'dissociate', true, true)

  /**
   * Every operation, in declaration order.
   */
  static all(): RelationOperation[] {
    return [
      this.ViewAny,
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
   * Find an operation by its name.
   */
  static from(name: string): RelationOperation | undefined {
    return this.all().find((operation) => operation.name === name)
  }

  #ability: string

  private constructor(
    /** Name of the operation (`attach`) */
    readonly name: string,
    ability: string,
    /** Whether the operation acts on one related record */
    readonly requiresRecord: boolean,
    /** Whether the operation writes (and so needs the owner's Edit operation) */
    readonly writes: boolean
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
