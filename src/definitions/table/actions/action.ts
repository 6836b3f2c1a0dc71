import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { RulesClass } from '../../validation/rules.ts'
import { BaseAction, type ActionAuthorizationContext } from './base_action.ts'
import { assertSafeUrl } from '../../../support/path_safety.ts'

export type { ActionAuthorizationContext } from './base_action.ts'

/**
 * What an action's callback receives.
 */
export interface ActionExecutionContext extends ActionAuthorizationContext {
  /** Validated action data (empty without a validation class) */
  data: Record<string, any>
  /** The transaction the action runs in */
  trx: TransactionClientContract
  /**
   * Stop the action: its writes are rolled back and the user sees the
   * message; the renderer keeps the action's modal open.
   */
  halt(message?: string): never
  /**
   * Cancel the action: its writes are rolled back and the renderer closes
   * the action's modal without a success message.
   */
  cancel(message?: string): never
}

export { assertSafeUrl } from '../../../support/path_safety.ts'

/**
 * A row or header action. Without its own URL it is hosted by the kit: its
 * endpoint resolves the record through the scoped query and runs
 * `authorizeUsing()` first. Hosted actions are fail-closed: without
 * `authorizeUsing()` they never run.
 *
 * @example
 * ```ts
 * Action.make('publish')
 *   .color('green')
 *   .requiresConfirmation()
 *   .authorizeUsing(({ user, record }) => user?.id === record?.authorId)
 *   .action(async ({ record, trx }) => {
 *     record!.merge({ status: 'published' }).useTransaction(trx)
 *     await record!.save()
 *   })
 * ```
 */
export class Action extends BaseAction {
  #url?: string
  #method: 'get' | 'post' | 'patch' | 'delete' = 'post'
  #callback?: (context: ActionExecutionContext) => unknown

  /**
   * Create an action.
   */
  static make<T extends Action>(this: new (name: string) => T, name: string): T {
    return new this(name)
  }

  /**
   * Point the action at a URL of your own (a template where `{id}` and
   * `{record}` stand for the record key). The kit hosts no endpoint for it.
   */
  url(template: string): this {
    assertSafeUrl(template, `Action "${this.name}"`)
    this.#url = template
    return this
  }

  /**
   * HTTP method of an action with its own URL (hosted actions use POST).
   */
  method(method: 'get' | 'post' | 'patch' | 'delete'): this {
    this.#method = method
    return this
  }

  /**
   * What the action does, inside a transaction.
   */
  action(callback: (context: ActionExecutionContext) => unknown): this {
    this.#callback = callback
    return this
  }

  /**
   * Validate the action's data with a Rules class (operation `action.<name>`).
   */
  validation(rules: RulesClass): this {
    return this.rules(rules)
  }

  getUrl() {
    return this.#url
  }

  getMethod() {
    return this.#url ? this.#method : 'post'
  }

  getValidation() {
    return this.getRules()
  }

  getCallback() {
    return this.#callback
  }

  /**
   * Whether the kit hosts the action's endpoint.
   */
  isHosted() {
    return this.#url === undefined
  }

  /**
   * The authorization decision (fail-closed: hosted actions without
   * `authorizeUsing()` are denied; URL actions without it are shown).
   */
  async allows(context: ActionAuthorizationContext): Promise<boolean> {
    return this.decide(context, !this.isHosted())
  }
}
