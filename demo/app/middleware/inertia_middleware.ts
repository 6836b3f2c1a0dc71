import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import { relationsPreview } from '../relations_preview.ts'

export default class InertiaMiddleware extends BaseInertiaMiddleware {
  async share(ctx: HttpContext): Promise<any> {
    const flash = ctx.session?.flashMessages
    const shared: Record<string, unknown> = {
      errors: this.getValidationErrors(ctx),
      flash: { success: flash?.get('success') ?? null, error: flash?.get('error') ?? null },
      navigation: navigation(ctx),
      user: ctx.auth?.user ? { email: ctx.auth.user.email } : null,
    }
    const relations = await relationsPreview(ctx)
    if (relations) shared.relations = relations
    return shared
  }

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    const output = await next()
    this.dispose(ctx)
    return output
  }
}

const LINKS = [
  { label: 'Posts', url: '/admin/posts' },
  { label: 'Authors', url: '/admin/authors' },
  { label: 'Tags', url: '/admin/tags' },
  { label: 'Comments', url: '/admin/comments' },
]

/**
 * The panel navigation of the demo (the package's own panel navigation is
 * not part of this version).
 */
function navigation(ctx: HttpContext) {
  if (!ctx.auth?.user) return []
  const path = ctx.request.url()
  return [
    {
      label: 'Content',
      items: LINKS.map((link) => ({ ...link, active: path.startsWith(link.url) })),
    },
  ]
}
