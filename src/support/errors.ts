/*
 * adonis-kit
 *
 * Every error the kit raises carries a stable `E_KIT_*` code. Configuration
 * mistakes fail at boot (status 500, they are developer errors); request
 * mistakes answer 4xx and never leak what the database holds.
 */

import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * Raised at boot (or when a builder is misused) for a configuration mistake.
 * The message names the resource and the member at fault.
 */
export class KitConfigurationException extends Exception {
  static status = 500
  static code = 'E_KIT_CONFIG'
}

/**
 * Raised when a URL of a record is asked for a record it cannot name: an
 * unsaved record, a missing or empty key, a key of another shape than the
 * resource's `recordKeyType`. The message names the resource and the page,
 * endpoint or action.
 */
export class KitUrlException extends KitConfigurationException {
  static code = 'E_KIT_URL'
}

/**
 * Raised when `table()` or `form()` returns a builder other than the fresh one
 * it received (a cached or replacement builder).
 */
export class KitBuilderException extends Exception {
  static status = 500
  static code = 'E_KIT_BUILDER'
}

/**
 * How a page loaded directly shows a request error: the panel's error page,
 * set by the HTTP layer when it loads (support does not import it). Answers
 * whether it rendered.
 */
type ErrorPageRenderer = (
  ctx: HttpContext,
  error: { status: number; code?: string }
) => Promise<boolean>

let errorPage: ErrorPageRenderer | undefined

/**
 * Set the renderer of the panel's error page.
 * @internal
 */
export function useErrorPage(render: ErrorPageRenderer) {
  errorPage = render
}

/**
 * Base class for the request errors: answers JSON to clients that accept it
 * (and to Inertia visits), the panel's error page (`kit/error`) to a page
 * loaded directly, and plain text otherwise, always with the exception's
 * status.
 */
abstract class KitHttpException extends Exception {
  async handle(error: this, ctx: HttpContext) {
    const body = { errors: [{ message: error.message, code: error.code }] }
    const accepted = ctx.request.accepts(['html', 'json'])
    if (accepted === 'json' || ctx.request.header('X-Inertia') === 'true') {
      ctx.response.status(error.status).send(body)
      return
    }
    /* a page loaded directly: the panel's error page, with a way back */
    if (errorPage && (await errorPage(ctx, error))) {
      return
    }
    ctx.response.status(error.status).send(error.message)
  }
}

/**
 * The record (or tenant, or parent) does not exist within the resource's
 * scoped query. The message is the same whatever the database holds.
 */
export class RecordNotFoundException extends KitHttpException {
  static status = 404
  static code = 'E_KIT_NOT_FOUND'
  constructor(message = 'Record not found') {
    super(message)
  }
}

/**
 * The operation is not authorized for the current user (fail-closed).
 */
export class UnauthorizedOperationException extends KitHttpException {
  static status = 403
  static code = 'E_KIT_FORBIDDEN'
  constructor(message = 'This action is unauthorized') {
    super(message)
  }
}

/**
 * A tenant-scoped resource was asked to read without a current tenant.
 */
export class MissingTenantException extends KitHttpException {
  static status = 403
  static code = 'E_KIT_NO_TENANT'
  constructor(message = 'No tenant is selected for this request') {
    super(message)
  }
}

export const E_KIT_CONFIG = KitConfigurationException
export const E_KIT_BUILDER = KitBuilderException
export const E_KIT_NOT_FOUND = RecordNotFoundException
export const E_KIT_FORBIDDEN = UnauthorizedOperationException
export const E_KIT_NO_TENANT = MissingTenantException
