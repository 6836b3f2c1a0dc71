import { Env } from '@adonisjs/core/env'

/**
 * Environment of the demo. bin/server.ts and bin/console.ts give defaults,
 * so the demo needs no .env file.
 */
export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  APP_KEY: Env.schema.string(),
  LOG_LEVEL: Env.schema.string.optional(),
  DEMO_SQLITE_FILE: Env.schema.string.optional(),
})
