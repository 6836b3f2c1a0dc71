/*
 * Test entrypoint: boots the test application of tests/app (a real AdonisJS 7
 * app) in this process and runs the Japa suites against it.
 *
 * DB_CONNECTION=sqlite (default) | pg | mysql picks the database. PORT is
 * the port the test server listens on; without it, a free port the system
 * hands out, so two checkouts on one machine run their suites side by side.
 */

import 'reflect-metadata'
import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { configure, processCLIArgs, run } from '@japa/runner'
import { createServer } from 'node:net'

/**
 * A port nothing listens on now: the one the system hands out for port 0.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

process.env.NODE_ENV = 'test'
process.env.PORT ||= String(await freePort())
process.env.HOST ??= '127.0.0.1'
process.env.APP_KEY ??= 'kit-test-application-key-0123456789'
process.env.LOG_LEVEL ??= 'fatal'
process.env.SESSION_DRIVER ??= 'memory'
process.env.DB_CONNECTION ??= 'sqlite'

const APP_ROOT = new URL('../tests/app/', import.meta.url)

const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('../tests/app/start/env.ts')
    })
    app.listen('SIGTERM', () => app.terminate())
  })
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../tests/bootstrap.ts')

    processCLIArgs(process.argv.splice(2))
    configure({
      ...config,
      suites: [
        { name: 'unit', files: ['tests/unit/**/*.spec.ts'] },
        { name: 'functional', files: ['tests/functional/**/*.spec.ts'] },
        { name: 'commands', files: ['tests/commands/**/*.spec.ts'] },
      ],
      /* Japa's 2 s default fails HTTP tests on a loaded 2-core machine (two suites side by
         side at a load average over 20: tenancy, pagination, keyset and filter tests took
         longer); tests that start threads, processes or servers declare more */
      timeout: 20_000,
      forceExit: true,
      setup: runnerHooks.setup,
      teardown: runnerHooks.teardown.concat([() => app.terminate()]),
    })
  })
  .run(() => run())
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
