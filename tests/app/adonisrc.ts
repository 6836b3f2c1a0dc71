import { defineConfig } from '@adonisjs/core/app'

/**
 * The test application: a real AdonisJS 7 app with Lucid, session, auth
 * (session guard), shield (CSRF), Inertia and Bouncer, using adonis-kit.
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
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('./providers/headless_assets_provider.ts'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/transmit/transmit_provider'),
    () => import('../../providers/kit_provider.ts'),
  ],
  preloads: [() => import('./start/kernel.ts'), () => import('./start/routes.ts')],
  tests: {
    suites: [],
    forceExit: true,
  },
})
