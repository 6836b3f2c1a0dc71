import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'

export default class InertiaMiddleware extends BaseInertiaMiddleware {
  async share(ctx: HttpContext): Promise<any> {
    const flash = ctx.session?.flashMessages
    const shared: Record<string, unknown> = {
      errors: this.getValidationErrors(ctx),
      flash: { success: flash?.get('success') ?? null, error: flash?.get('error') ?? null },
      user: ctx.auth?.user ? { email: ctx.auth.user.email } : null,
    }
    return shared
  }

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    const output = await next()
    this.dispose(ctx)
    return output
  }
}
