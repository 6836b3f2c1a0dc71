import { Env } from '@adonisjs/core/env'

/**
 * Environment of the benchmark application. bench/bin/server.ts sets the
 * values.
 */
export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  APP_KEY: Env.schema.string(),
  LOG_LEVEL: Env.schema.string(),
  DB_CONNECTION: Env.schema.enum(['sqlite', 'pg', 'mysql'] as const),
  BENCH_ROWS: Env.schema.number(),
  SQLITE_FILE: Env.schema.string.optional(),
  PG_HOST: Env.schema.string.optional(),
  PG_PORT: Env.schema.number.optional(),
  PG_USER: Env.schema.string.optional(),
  PG_PASSWORD: Env.schema.string.optional(),
  PG_DATABASE: Env.schema.string.optional(),
  MYSQL_HOST: Env.schema.string.optional(),
  MYSQL_PORT: Env.schema.number.optional(),
  MYSQL_USER: Env.schema.string.optional(),
  MYSQL_PASSWORD: Env.schema.string.optional(),
  MYSQL_DATABASE: Env.schema.string.optional(),
})
