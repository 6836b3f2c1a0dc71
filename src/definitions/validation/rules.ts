import { AsyncLocalStorage } from 'node:async_hooks'
import type { SchemaTypes } from '@vinejs/vine/types'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { KitConfigurationException } from '../../support/errors.ts'
import { Tenancy } from '../tenancy/tenancy.ts'
import type { KitUser } from '../types.ts'

/**
 * A map of field name to Vine schema, as `rules()` returns it.
 */
export type RuleMap = Record<string, SchemaTypes>

/**
 * Per-request values of a validation, read through the context while a
 * compiled validator runs.
 */
export interface ValidationRequestState {
  record: LucidRow | null
  user: KitUser | null
  input: Record<string, any>
}

const requestState = new AsyncLocalStorage<ValidationRequestState>()

/**
 * Run a callback with the per-request validation state readable through every
 * ValidationContext.
 */
export function runWithValidationState<T>(state: ValidationRequestState, callback: () => T): T {
  return requestState.run(state, callback)
}

/**
 * What `rules(context)` receives. `operation`, `source` and `options` are
 * known when the rules are compiled. `record`, `user` and `input` belong to
 * one request: read them inside rule callbacks (they run while validating),
 * never while building the schema, since the schema is compiled once and
 * reused for every request.
 *
 * @example
 * ```ts
 * rules(context: ValidationContext) {
 *   return {
 *     email: vine.string().email().unique(async (db, value) => {
 *       const query = db.from('users').where('email', value)
 *       if (context.record) query.whereNot('id', context.record.$primaryKeyValue)
 *       return !(await query.first())
 *     }),
 *   }
 * }
 * ```
 */
export class ValidationContext {
  constructor(
    /** The operation validated (`create`, `edit`, `relation.attach`, ...) */
    readonly operation: string,
    /** What is validating (`resource`, `form`, `api`, `import`, `action`) */
    readonly source: string,
    /** Free options the caller passes */
    readonly options: Record<string, unknown> = {}
  ) {}

  #state(member: string): ValidationRequestState {
    const state = requestState.getStore()
    if (!state) {
      throw new KitConfigurationException(
        `context.${member} was read while the rules were being built. Rules are compiled once per operation; read context.${member} inside a rule callback, where it holds the current request's value`
      )
    }
    return state
  }

  /** The record being edited, or null on create */
  get record(): LucidRow | null {
    return this.#state('record').record
  }

  /** The authenticated user, or null */
  get user(): KitUser | null {
    return this.#state('user').user
  }

  /** The prepared input, before validation */
  get input(): Record<string, any> {
    return this.#state('input').input
  }

  /**
   * The current tenant, or null: keep uniqueness checks inside it.
   *
   * @example
   * ```ts
   * slug: vine.string().unique(async (db, value) => {
   *   const query = db.from('projects').where('slug', value)
   *   if (context.tenant) query.where('team_id', context.tenant.$primaryKeyValue)
   *   if (context.record) query.whereNot('id', context.record.$primaryKeyValue)
   *   return !(await query.first())
   * })
   * ```
   */
  get tenant(): LucidRow | null {
    this.#state('tenant')
    return Tenancy.current()
  }
}

/**
 * The centralized validation class of a model. One class serves resources,
 * relation attach forms, APIs, imports and actions.
 *
 * @example
 * ```ts
 * export default class PostRules extends Rules {
 *   rules(context: ValidationContext) {
 *     return {
 *       title: vine.string().trim().maxLength(255),
 *       body: vine.string().optional(),
 *     }
 *   }
 * }
 * ```
 */
export abstract class Rules {
  /**
   * Vine schema of each field. Keys not listed here never reach the model.
   */
  abstract rules(context: ValidationContext): RuleMap

  /**
   * Custom error messages, keyed as Vine's SimpleMessagesProvider expects
   * (`required`, `title.maxLength`, ...).
   */
  messages(): Record<string, string> {
    return {}
  }

  /**
   * Field labels used in messages.
   */
  fields(): Record<string, string> {
    return {}
  }
}

/**
 * Constructor of a Rules class.
 */
export type RulesClass = new () => Rules
