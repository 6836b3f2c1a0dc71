import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * Sign-in throttling of the demo's panels (login()): in memory, as one
 * process serves the demo. Several processes share the `database` or
 * `redis` store (see docs/authentication.md).
 */
const limiterConfig = defineConfig({
  default: 'memory',
  stores: {
    memory: stores.memory({}),
  },
})

export default limiterConfig
