import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * The demo serves both renderers: the `kit-renderer` cookie (set by
 * /renderer/react and /renderer/vue) picks the frontend entry point.
 */
export default class RendererMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const renderer =
      ctx.request.plainCookie('kit-renderer', { encoded: false }) === 'vue' ? 'vue' : 'react'
    ctx.view.share({ renderer })
    return next()
  }
}
