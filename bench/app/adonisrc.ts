import { defineConfig } from '@adonisjs/core/app'

/**
 * The benchmark application: Lucid, session, Inertia (headless) and the kit,
 * plus a hand-written controller serving the same props. Authentication is a
 * trusted header (bench only, see app/middleware/bench_auth_middleware.ts).
 */
export default defineConfig({
  commands: [() => import('@adonisjs/lucid/commands')],
  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('./providers/headless_assets_provider.ts'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('../../providers/kit_provider.ts'),
  ],
  preloads: [
    () => import('./start/kernel.ts'),
    () => import('./start/routes.ts'),
    () => import('./start/probe.ts'),
  ],
})
