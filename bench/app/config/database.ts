import { mkdirSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import env from '../start/env.ts'

mkdirSync(app.tmpPath(), { recursive: true })

/**
 * One connection per database of the benchmark. `debug` is off, as in
 * production: queries are counted from the driver's own events
 * (start/probe.ts), not from Lucid's debug events.
 */
export default defineConfig({
  connection: env.get('DB_CONNECTION'),
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: { filename: app.tmpPath(env.get('SQLITE_FILE', 'bench.sqlite3')) },
      useNullAsDefault: true,
    },
    pg: {
      client: 'pg',
      connection: {
        host: env.get('PG_HOST', '127.0.0.1'),
        port: env.get('PG_PORT', 5432),
        user: env.get('PG_USER', 'postgres'),
        password: env.get('PG_PASSWORD', ''),
        database: env.get('PG_DATABASE', 'test'),
      },
    },
    mysql: {
      client: 'mysql2',
      connection: {
        host: env.get('MYSQL_HOST', '127.0.0.1'),
        port: env.get('MYSQL_PORT', 3306),
        user: env.get('MYSQL_USER', 'root'),
        password: env.get('MYSQL_PASSWORD', ''),
        database: env.get('MYSQL_DATABASE', 'test'),
      },
    },
  },
})
