import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Marks the responses it ran on, so tests can see which routes a mutation
 * middleware applies to.
 */
export default class MutationMarkerMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    ctx.response.header('x-mutation-middleware', 'ran')
    return next()
  }
}
