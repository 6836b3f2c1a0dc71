import app from '@adonisjs/core/services/app'
import type { KitManager } from '../src/http/kit_manager.ts'

let kit: KitManager

/**
 * The kit registry, for start/routes.ts and application code.
 */
await app.booted(async () => {
  kit = await app.container.make('kit')
})

export { kit as default }
