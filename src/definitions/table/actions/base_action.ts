import { localize, type LocalizedText } from '../../../i18n/localized.ts'
import { sentenceCase } from '../../resource/labels.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { HttpContext } from '@adonisjs/core/http'
import { assertIdentifier } from '../../../support/config_checks.ts'
import type { KitUser } from '../../types.ts'
import type { RulesClass } from '../../validation/rules.ts'
import type { FormNode } from '../../form/layout/layout_component.ts'

/**
 * What an action's authorization callback receives.
 */
export interface ActionAuthorizationContext {
  /** The record (row and bulk actions) or null (header actions) */
  record: LucidRow | null
  user: KitUser | null
  http?: HttpContext
}

/**
 * Decides whether an action may run.
 */
export type ActionAuthorizer = (context: ActionAuthorizationContext) => boolean | Promise<boolean>

/**
 * What every action shares: a name, a label, a color, a confirmation flag
 * and an authorization callback.
 */
export abstract class BaseAction {
  #label?: LocalizedText
  #color?: string
  #requiresConfirmation: boolean
  #authorize?: ActionAuthorizer
  #form: FormNode[] | null = null
  #rules?: RulesClass

  constructor(
    readonly name: string,
    requiresConfirmation = false
  ) {
    assertIdentifier(name, 'Action name')
    this.#requiresConfirmation = requiresConfirmation
  }

  /**
   * Label shown to the user (default: the name in sentence case).
   */
  label(label: LocalizedText): this {
    this.#label = label
    return this
  }

  /**
   * Color name (renderers map names to `--kit-*` variables).
   */
  color(color: string): this {
    this.#color = color
    return this
  }

  /**
   * Ask the user to confirm before running.
   */
  requiresConfirmation(requires = true): this {
    this.#requiresConfirmation = requires
    return this
  }

  /**
   * Who may run the action. Only a literal `true` allows.
   */
  authorizeUsing(callback: ActionAuthorizer): this {
    this.#authorize = callback
    return this
  }

  /**
   * Ask for data in a modal before the action runs: fields, or a layout of
   * fields. The data is validated with `rules()` (authorization first, then
   * validation, then the action) and handed to the callback as `data`.
   *
   * @example
   * ```ts
   * Action.make('reject')
   *   .form([Textarea.make('reason').required()])
   *   .rules(RejectRules)
   *   .action(({ record, data }) => record!.merge({ rejection: data.reason }).save())
   * ```
   */
  form(nodes: FormNode[]): this {
    this.#form = nodes
    return this
  }

  /**
   * Validate the action's data with a Rules class (operation
   * `action.<name>`, source `action`).
   */
  rules(rules: RulesClass): this {
    this.#rules = rules
    return this
  }

  getForm(): FormNode[] | null {
    return this.#form
  }

  getRules(): RulesClass | undefined {
    return this.#rules
  }

  getLabel() {
    return this.#label === undefined ? this.defaultLabel() : localize(this.#label)
  }

  getColor() {
    return this.#color ?? this.defaultColor()
  }

  /**
   * The color of an action that declares none.
   */
  protected defaultColor(): string {
    return 'gray'
  }

  /**
   * The label of an action that declares none (the name in sentence case).
   */
  protected defaultLabel(): string {
    return sentenceCase(this.name)
  }

  needsConfirmation() {
    return this.#requiresConfirmation
  }

  /**
   * The authorization callback's decision; `fallback` when there is none.
   */
  protected async decide(context: ActionAuthorizationContext, fallback: boolean) {
    if (!this.#authorize) {
      return fallback
    }
    return (await this.#authorize(context)) === true
  }
}
