import { mkdirSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import env from '../start/env.ts'

mkdirSync(app.tmpPath(), { recursive: true })

/**
 * The demo runs on SQLite (demo/tmp/demo.sqlite3 unless DEMO_SQLITE_FILE says otherwise).
 */
export default defineConfig({
  connection: 'sqlite',
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: { filename: app.tmpPath(env.get('DEMO_SQLITE_FILE', 'demo.sqlite3')) },
      useNullAsDefault: true,
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      seeders: { paths: ['database/seeders'] },
    },
  },
})
