import type { ApplicationService } from '@adonisjs/core/types'

/**
 * The test app renders Inertia pages without a frontend build: it binds no
 * Vite server, so Inertia serves its default asset version ("1").
 */
export default class HeadlessAssetsProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton('vite' as any, () => null as any)
  }
}
