/*
 * End-to-end suite (npm run test:e2e): the package as a user gets it, in a
 * fresh application, driven only through separate processes and HTTP.
 * See tests/e2e/quick_start.spec.ts.
 */
import { configure, processCLIArgs, run } from '@japa/runner'
import { assert } from '@japa/assert'

processCLIArgs(process.argv.splice(2))
configure({
  files: ['tests/e2e/**/*.spec.ts'],
  plugins: [assert()],
  timeout: 300_000,
  forceExit: true,
})

run()
