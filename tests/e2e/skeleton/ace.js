/*
 * JavaScript entrypoint of the ace commands: registers the TypeScript hook,
 * then imports bin/console.ts.
 */
import '@poppinss/ts-exec'

await import('./bin/console.js')
