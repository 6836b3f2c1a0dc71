import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Action, type ActionAuthorizationContext } from './action.ts'
import { contextTranslator } from '../../../i18n/translator.ts'
import { assertIdentifier } from '../../../support/config_checks.ts'
import type { KitUser, MutationData } from '../../types.ts'

/**
 * What `beforeReplicaSaved()` receives with the replica's data: the record
 * copied, the user and the create transaction.
 */
export interface ReplicaHookContext {
  /** The record the replica is made from */
  record: LucidRow
  user: KitUser | null
  trx: TransactionClientContract
}

/**
 * Changes the replica's data just before it is saved (after the resource's
 * `mutateDataBeforeCreate`); returns the data to save.
 */
export type ReplicaHook = (
  data: MutationData,
  context: ReplicaHookContext
) => MutationData | Promise<MutationData>

/**
 * What a replicate action declares, read by the kit when it runs.
 */
export interface ReplicationSettings {
  /** Form fields whose values are not copied */
  excluded: string[]
  /** Many-to-many relationships whose links are copied */
  relations: string[]
  /** The hook run before the replica is saved */
  beforeSave: ReplicaHook | null
}

/**
 * Make a new record from a copy of one: a row action (or a header action of
 * a record page) that takes the record's form values, drops the excluded
 * ones, puts what the user typed in its form on top and creates the
 * replica as the create form would: the resource's `create` authorization,
 * its Rules class, its create hooks and the audit trail. The record is
 * resolved through the scoped query (a record outside it is a 404) and is
 * never written.
 *
 * @example
 * ```ts
 * ReplicateAction.make()
 *   .excludeAttributes(['slug'])
 *   .form([TextInput.make('title').required()])
 *   .copyRelations(['tags'])
 *   .beforeReplicaSaved((data) => ({ ...data, status: 'draft' }))
 * ```
 */
export class ReplicateAction extends Action {
  #excluded: string[] = []
  #relations: string[] = []
  #beforeSave: ReplicaHook | null = null

  /**
   * Create the action (named `replicate` unless told).
   */
  static make<T extends Action>(this: new (name: string) => T, name = 'replicate'): T {
    return new this(name)
  }

  constructor(name: string) {
    super(name)
    this.action(() => {
      /* never called: the kit creates the replica itself */
    })
  }

  /**
   * Form fields whose values the replica does not take (a unique slug, a
   * counter): they get what the action's form submits, the hooks set, or
   * nothing.
   */
  excludeAttributes(names: string[]): this {
    for (const name of names) assertIdentifier(name, `ReplicateAction "${this.name}" attribute`)
    this.#excluded = [...names]
    return this
  }

  /**
   * Many-to-many relationships of the model whose links the replica gets
   * too (the same related records, in the create transaction).
   */
  copyRelations(names: string[]): this {
    for (const name of names) assertIdentifier(name, `ReplicateAction "${this.name}" relation`)
    this.#relations = [...names]
    return this
  }

  /**
   * Change the replica's data just before it is saved.
   */
  beforeReplicaSaved(hook: ReplicaHook): this {
    this.#beforeSave = hook
    return this
  }

  /**
   * What the kit reads to make the replica.
   */
  replication(): ReplicationSettings {
    return { excluded: this.#excluded, relations: this.#relations, beforeSave: this.#beforeSave }
  }

  /**
   * Shown and run unless `authorizeUsing()` says otherwise: the resource's
   * `create` authorization decides as well.
   */
  async allows(context: ActionAuthorizationContext): Promise<boolean> {
    return this.decide(context, true)
  }

  protected defaultLabel(): string {
    return contextTranslator().t('action.replicate')
  }
}
