import type { HttpContext } from '@adonisjs/core/http'
import type {} from '@adonisjs/session/session_middleware'
import type { SessionData } from '@adonisjs/session/types'
import type { HttpError } from '@adonisjs/core/types/http'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { isHiddenAttribute } from '../../definitions/resource/serialize_value.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import { ORIGINAL_KEY } from './form_original.ts'

/**
 * Most characters of one flashed string value.
 */
export const MAX_FLASHED_STRING = 500

/**
 * Most entries of one flashed list value (a multiple select's keys).
 */
export const MAX_FLASHED_ITEMS = 50

/**
 * Most characters of all flashed values of one form together: what is
 * flashed lives in the session, and a cookie session store holds about 4 KB.
 */
export const MAX_FLASHED_TOTAL = 1500

const SENSITIVE_NAME = /password|passwd|secret|token/i

function boundedScalar(value: unknown): string | number | boolean | null | undefined {
  if (typeof value === 'string') {
    return value.slice(0, MAX_FLASHED_STRING)
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return value
  }
  return undefined
}

function bounded(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .slice(0, MAX_FLASHED_ITEMS)
      .map((entry) => (typeof entry === 'string' ? entry.slice(0, 191) : entry))
      .filter((entry) => typeof entry === 'string' || typeof entry === 'number')
  }
  return boundedScalar(value)
}

/**
 * What a refused form needs to redisplay: the values of its declared fields
 * only, each bounded (strings cut, lists shortened, objects and file
 * contents dropped), never a password-like field or a hidden attribute, and
 * all of them within {@link MAX_FLASHED_TOTAL} characters (fields past the
 * budget are left out: the form shows their current value). Edit forms also
 * keep the values they were rendered with (`_kit_original`), bounded alike.
 */
export function flashableInput(
  fields: Field[],
  raw: unknown,
  model?: LucidModel
): Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return {}
  }
  const input = raw as Record<string, unknown>
  const keep = fields.filter((field) => {
    const contract = field.toContract() as { inputType?: string }
    return (
      !field.isSecret() &&
      !SENSITIVE_NAME.test(field.name) &&
      contract.inputType !== 'password' &&
      !(model && isHiddenAttribute(model, field.name))
    )
  })

  let budget = MAX_FLASHED_TOTAL
  const take = (source: Record<string, unknown>) => {
    const out: Record<string, unknown> = {}
    for (const field of keep) {
      if (!Object.hasOwn(source, field.name)) {
        continue
      }
      /* strings bounded (a repeater's items: the declared fields' scalars) */
      const value = field.boundedFlash(source[field.name], bounded, MAX_FLASHED_ITEMS)
      if (value === undefined) {
        continue
      }
      const size = JSON.stringify(value).length
      if (size > budget) {
        continue
      }
      budget -= size
      out[field.name] = value
    }
    return out
  }

  const flashed = take(input)
  const original = input[ORIGINAL_KEY]
  if (original && typeof original === 'object' && !Array.isArray(original)) {
    flashed[ORIGINAL_KEY] = take(original as Record<string, unknown>)
  }
  const version = input._kit_version
  if (typeof version === 'string' && version.length <= 100) {
    flashed._kit_version = version
  }
  return flashed
}

/**
 * The framework's validation error (`E_VALIDATION_ERROR`, an HTTP error with
 * its status, message and the field messages).
 */
function isValidationError(error: unknown): error is HttpError & { messages: unknown[] } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'E_VALIDATION_ERROR' &&
    'messages' in error &&
    Array.isArray(error.messages)
  )
}

/**
 * Run a form submission. When it is refused (a validation error) for a
 * session client that the framework would answer with a redirect back and
 * the whole request input flashed (an HTML form post), flash the errors and
 * only {@link flashableInput} instead, then redirect back. JSON and Inertia
 * clients are answered as before (the error propagates).
 */
export async function withBoundedFlash<T>(
  ctx: HttpContext,
  form: () => { fields: Field[]; model?: LucidModel },
  run: () => Promise<T>
): Promise<T | void> {
  try {
    return await run()
  } catch (error) {
    const session = ctx.session
    /* Inertia visits and HTML form posts are answered with a redirect back
       and the flash; JSON clients get the errors as JSON */
    const sessionClient =
      Boolean(ctx.request.header('x-inertia')) ||
      ctx.request.accepts(['html', 'application/vnd.api+json', 'json']) === 'html'
    if (!session || !sessionClient || !isValidationError(error)) {
      throw error
    }
    const { fields, model } = form()
    session.flashValidationErrors(error, false)
    session.flash(flashableInput(fields, ctx.request.original(), model) as SessionData)
    ctx.response.redirect('back', true)
  }
}
