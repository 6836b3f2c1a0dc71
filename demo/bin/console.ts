/*
 * Ace commands of the demo (migrations, seeders).
 */
import { APP_ROOT, IMPORTER } from './boot.ts'
import { Ignitor, prettyPrintError } from '@adonisjs/core'

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('../start/env.ts')
    })
    app.listen('SIGTERM', () => app.terminate())
  })
  .ace()
  .handle(process.argv.splice(2))
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
