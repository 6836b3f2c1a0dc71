import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('../app/exceptions/handler.ts'))

server.use([
  () => import('../app/middleware/bench_probe_middleware.ts'),
  () => import('../app/middleware/inertia_middleware.ts'),
])

router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('@adonisjs/session/session_middleware'),
])

export const middleware = router.named({
  benchAuth: () => import('../app/middleware/bench_auth_middleware.ts'),
})
