/*
 * Shared boot of the demo's entry points: environment defaults (no .env
 * needed), the app root and the importer.
 */
import 'reflect-metadata'

process.env.NODE_ENV ??= 'production'
process.env.PORT ??= '3333'
process.env.HOST ??= '127.0.0.1'
process.env.APP_KEY ??= 'adonis-kit-demo-key-not-for-production'
process.env.LOG_LEVEL ??= 'warn'

export const APP_ROOT = new URL('../', import.meta.url)

export const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}
