import type { HttpContext } from '@adonisjs/core/http'
import type { MiddlewareFn, NextFn, ParsedNamedMiddleware } from '@adonisjs/core/types/http'
import { KitConfigurationException } from '../support/errors.ts'
import type { KitMiddleware } from '../definitions/types.ts'

/**
 * Turn a kit middleware entry into what `route.use()` accepts. Lazy imports
 * of middleware classes are resolved on first use through the request's
 * container, exactly as named middleware are.
 */
export function toRouteMiddleware(
  entry: KitMiddleware,
  where: string
): MiddlewareFn | ParsedNamedMiddleware {
  if (Array.isArray(entry)) {
    const [lazy, args] = entry
    return lazyMiddleware(lazy, args, where)
  }
  if (typeof entry === 'object' && entry !== null && 'handle' in entry && 'name' in entry) {
    return entry
  }
  if (typeof entry === 'function') {
    /* a lazy import takes no argument; a middleware function takes (ctx, next) */
    return entry.length === 0
      ? lazyMiddleware(entry as LazyMiddleware, undefined, where)
      : (entry as MiddlewareFn)
  }
  throw new KitConfigurationException(
    `${where}: middleware must be a named middleware, a function or a lazy import of a middleware class`
  )
}

/**
 * A middleware class, as a lazy import gives it.
 */
type MiddlewareClass = new (...args: any[]) => {
  handle(ctx: HttpContext, next: NextFn, args?: unknown): unknown
}

/**
 * A lazy import of a middleware class.
 */
type LazyMiddleware = () => Promise<{ default: MiddlewareClass | undefined }>

function lazyMiddleware(lazy: LazyMiddleware, args: unknown, where: string): MiddlewareFn {
  let MiddlewareClass: MiddlewareClass | undefined
  return async (ctx: HttpContext, next: NextFn) => {
    if (!MiddlewareClass) {
      const module = await lazy()
      MiddlewareClass = module.default
      if (typeof MiddlewareClass?.prototype?.handle !== 'function') {
        throw new KitConfigurationException(
          `${where}: the lazily imported middleware has no handle() method`
        )
      }
    }
    const instance = await ctx.containerResolver.make(MiddlewareClass!)
    return args === undefined ? instance.handle(ctx, next) : instance.handle(ctx, next, args)
  }
}
