import { defineConfig } from '@adonisjs/core/app'

/**
 * The adonis-kit demo: an AdonisJS 7 application that uses the package only
 * through its public exports (`adonis-kit`, `adonis-kit/react`, `adonis-kit/vue`).
 */
export default defineConfig({
  commands: [() => import('@adonisjs/core/commands'), () => import('@adonisjs/lucid/commands')],
  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/vite/vite_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/transmit/transmit_provider'),
    () => import('adonis-kit/kit_provider'),
  ],
  preloads: [() => import('./start/kernel.ts'), () => import('./start/routes.ts')],
  metaFiles: [{ pattern: 'resources/views/**/*.edge', reloadServer: false }],
})
