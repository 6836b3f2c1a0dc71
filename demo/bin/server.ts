/*
 * HTTP server of the demo.
 */
import { APP_ROOT, IMPORTER } from './boot.ts'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { DEMO_USER } from '../database/demo_user.ts'

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('../start/env.ts')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
    app.ready(() => {
      const url = `http://${process.env.HOST}:${process.env.PORT}`
      console.log(`\nadonis-kit demo: ${url}/admin/posts`)
      console.log(`Sign in with ${DEMO_USER.email} / ${DEMO_USER.password}`)
      console.log(`Renderers: ${url}/renderer/react and ${url}/renderer/vue\n`)
    })
  })
  .httpServer()
  .start()
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
