import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * Sign-in throttling of the panels with login() (in memory: one process).
 */
const limiterConfig = defineConfig({
  default: 'memory',
  stores: {
    memory: stores.memory({}),
  },
})

export default limiterConfig
