import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BenchUser from '../models/bench_user.ts'

const users = new Map<number, BenchUser>()

/**
 * Benchmark-only authentication: the user named by the `x-bench-user`
 * header (loaded once, then kept in memory), else 401. The kit and the
 * hand-written controller both sit behind it, so it costs both the same.
 * Never use a trusted header like this in an application.
 */
export default class BenchAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const id = Number(ctx.request.header('x-bench-user'))
    let user = users.get(id)
    if (!user && Number.isInteger(id) && id > 0) {
      user = (await BenchUser.find(id)) ?? undefined
      if (user) users.set(id, user)
    }
    if (!user) {
      return ctx.response.unauthorized({ message: 'Unauthenticated' })
    }
    ;(ctx as any).benchUser = user
    return next()
  }
}
