import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('../app/exceptions/handler.ts'))

server.use([
  () => import('adonis-kit/header_guard_middleware'),
  () => import('@adonisjs/static/static_middleware'),
  () => import('../app/middleware/renderer_middleware.ts'),
  () => import('../app/middleware/inertia_middleware.ts'),
])

router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('@adonisjs/session/session_middleware'),
  () => import('@adonisjs/shield/shield_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
])

export const middleware = router.named({
  auth: () => import('../app/middleware/auth_middleware.ts'),
})
