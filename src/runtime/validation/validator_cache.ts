import vine, { SimpleMessagesProvider, errors as vineErrors } from '@vinejs/vine'
import type { VineValidator } from '@vinejs/vine'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { KitConfigurationException } from '../../support/errors.ts'
import type { KitUser } from '../../definitions/types.ts'
import {
  runWithValidationState,
  ValidationContext,
  type RulesClass,
} from '../../definitions/validation/rules.ts'
import { contextTranslator, type KitTranslator } from '../../i18n/translator.ts'
import { translatedMessages } from '../../i18n/validation.ts'

type AnyValidator = VineValidator<any, any>

/**
 * Compiled validators, one per Rules class, operation and source. Compiling
 * a Vine schema is the expensive part; validating with a compiled one is not.
 */
const compiled = new WeakMap<RulesClass, Map<string, AnyValidator>>()

/**
 * Number of compilations so far (exposed for tests and benchmarks).
 */
export const compilations = { count: 0 }

/**
 * Return the compiled validator of a Rules class for an operation, compiling
 * it on first use.
 */
export function compiledValidator(
  Rules: RulesClass,
  operation: string,
  source = 'resource',
  fields?: string[]
): AnyValidator {
  let byOperation = compiled.get(Rules)
  if (!byOperation) {
    byOperation = new Map()
    compiled.set(Rules, byOperation)
  }

  const key = fields ? `${source}:${operation}:[${fields.join(',')}]` : `${source}:${operation}`
  let validator = byOperation.get(key)
  if (!validator) {
    const instance = new Rules()
    const rules = rulesOf(Rules, instance, operation, source)
    const selected = fields
      ? Object.fromEntries(
          fields
            .filter((field) => Object.hasOwn(rules, field))
            .map((field) => [field, rules[field]])
        )
      : rules
    validator = vine.compile(vine.object(selected))
    validator.messagesProvider = new SimpleMessagesProvider(instance.messages(), instance.fields())
    compilations.count++

    /* subsets of fields (partial updates) are cached up to a bound */
    if (!fields || byOperation.size < MAX_CACHED_VALIDATORS) {
      byOperation.set(key, validator)
    }
  }
  return validator
}

/**
 * Most validators cached per Rules class (whole schemas and the field
 * subsets of partial updates).
 */
const MAX_CACHED_VALIDATORS = 64

/**
 * The rule map of a Rules class, checked.
 */
function rulesOf(
  Rules: RulesClass,
  instance: InstanceType<RulesClass>,
  operation: string,
  source: string
) {
  const rules = instance.rules(new ValidationContext(operation, source))
  if (!rules || typeof rules !== 'object' || Array.isArray(rules)) {
    throw new KitConfigurationException(
      `${Rules.name}.rules() must return an object of field name to Vine schema`
    )
  }
  return rules
}

/**
 * The fields a Rules class declares for an operation.
 */
export function declaredFields(Rules: RulesClass, operation: string, source = 'resource') {
  let byOperation = declared.get(Rules)
  if (!byOperation) {
    byOperation = new Map()
    declared.set(Rules, byOperation)
  }
  const key = `${source}:${operation}`
  let fields = byOperation.get(key)
  if (!fields) {
    fields = Object.keys(rulesOf(Rules, new Rules(), operation, source))
    byOperation.set(key, fields)
  }
  return fields
}

const declared = new WeakMap<RulesClass, Map<string, string[]>>()

/**
 * Return the compiled validator of one field of a Rules class (editable
 * columns), compiling it on first use.
 */
export function compiledFieldValidator(
  Rules: RulesClass,
  operation: string,
  field: string
): AnyValidator | null {
  let byOperation = compiled.get(Rules)
  if (!byOperation) {
    byOperation = new Map()
    compiled.set(Rules, byOperation)
  }
  const key = `field:${operation}:${field}`
  if (!byOperation.has(key)) {
    const instance = new Rules()
    const rules = instance.rules(new ValidationContext(operation, 'field'))
    if (!rules || !Object.hasOwn(rules, field)) {
      return null
    }
    const validator = vine.compile(vine.object({ [field]: rules[field] }))
    validator.messagesProvider = new SimpleMessagesProvider(instance.messages(), instance.fields())
    compilations.count++
    byOperation.set(key, validator)
  }
  return byOperation.get(key)!
}

/**
 * Validate input with a Rules class. Throws Vine's E_VALIDATION_ERROR, which
 * AdonisJS turns into per-field errors (session flash for Inertia and HTML,
 * 422 for JSON). Only the keys the rules declare are returned.
 */
export async function validateWith(
  Rules: RulesClass,
  options: {
    operation: string
    source?: string
    record: LucidRow | null
    user: KitUser | null
    input: Record<string, any>
    /** Validate only these fields (partial update) */
    fields?: string[]
    /** The request's translator: rule messages in its language */
    translator?: KitTranslator
    /** The labels of the form's fields, naming them in messages */
    labels?: Record<string, string>
  }
): Promise<Record<string, any>> {
  /* strings a database cannot store never reach a rule (a rule may query) */
  assertStorableInput(
    options.input,
    options.fields ?? declaredFields(Rules, options.operation, options.source)
  )
  const validator = compiledValidator(Rules, options.operation, options.source, options.fields)
  const data = await runWithValidationState(
    { record: options.record, user: options.user, input: options.input },
    () =>
      validator.validate(options.input, {
        meta: {
          operation: options.operation,
          recordId: options.record?.$primaryKeyValue ?? null,
        },
        messagesProvider: translatedMessages(
          Rules,
          options.translator ?? contextTranslator(),
          options.labels
        ),
      })
  )
  assertNoNulCharacters(data)
  return data
}

/**
 * A lone UTF-16 surrogate: not text, and not storable as UTF-8.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * The error of a string a database cannot store, or null: a NUL character
 * (PostgreSQL refuses it, the others disagree on it) or a lone surrogate
 * (not valid UTF-8).
 */
function unstorable(value: string): { message: string; rule: string } | null {
  if (value.includes('\u0000')) {
    return { message: 'The value must not contain NUL characters', rule: 'nul' }
  }
  if (LONE_SURROGATE.test(value)) {
    return { message: 'The value must be valid text', rule: 'encoding' }
  }
  return null
}

function collectUnstorable(
  value: unknown,
  path: string,
  depth: number,
  messages: { field: string; message: string; rule: string }[]
) {
  if (typeof value === 'string') {
    const error = unstorable(value)
    if (error) {
      messages.push({ field: path, ...error })
    }
  } else if (value && typeof value === 'object' && depth < 8) {
    for (const [key, nested] of Object.entries(value)) {
      collectUnstorable(nested, path ? `${path}.${key}` : key, depth + 1, messages)
    }
  }
}

/**
 * Refuse input strings a database cannot store (NUL characters, lone
 * surrogates) in the given fields, before any rule runs: a rule that queries
 * the database (`unique`, `exists`) would otherwise send them to the driver
 * and answer 500. Throws E_VALIDATION_ERROR (a field error, 422 for JSON).
 */
export function assertStorableInput(input: Record<string, any>, fields: string[]) {
  const messages: { field: string; message: string; rule: string }[] = []
  for (const field of fields) {
    if (Object.hasOwn(input, field)) {
      collectUnstorable(input[field], field, 1, messages)
    }
  }
  if (messages.length) {
    throw new vineErrors.E_VALIDATION_ERROR(messages)
  }
}

/**
 * Refuse validated strings a database cannot store (NUL characters, lone
 * surrogates): databases disagree on them (PostgreSQL rejects NUL outright),
 * so they get a field error here instead of an error from the driver.
 */
export function assertNoNulCharacters(data: Record<string, any>) {
  const messages: { field: string; message: string; rule: string }[] = []
  collectUnstorable(data, '', 0, messages)
  if (messages.length) {
    throw new vineErrors.E_VALIDATION_ERROR(messages)
  }
}
