/*
 * The fresh application of the end-to-end suite, shared by its spec files:
 * where it is, and the commands a user runs in it (each its own process).
 * The install group of quick_start.spec.ts creates it; E2E_APP reuses one
 * an earlier run installed and configured (local iteration).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { run, type Database } from './helpers.ts'

export const REPO = fileURLToPath(new URL('../../', import.meta.url))
export const SKELETON = fileURLToPath(new URL('./skeleton/', import.meta.url))
export const DATABASES = (process.env.E2E_DATABASES ?? 'sqlite')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean) as Database[]
/* E2E_DB_NAME: the PostgreSQL / MariaDB database of the run (two checkouts, two names) */
export const DB_NAME = process.env.E2E_DB_NAME ?? 'kit_e2e'

/* E2E_APP: reuse an application an earlier run installed and configured (local iteration) */
export const REUSE = process.env.E2E_APP
export const state = { work: '', app: REUSE ?? '', tarball: '', pluginTarball: '' }

export function node(args: string[], env: NodeJS.ProcessEnv = {}, timeout?: number) {
  return run(process.execPath, args, { cwd: state.app, env, timeout })
}

export function npm(args: string[], cwd = state.app) {
  return run('npm', [...args, '--no-audit', '--no-fund'], { cwd, timeout: 300_000 })
}

export function git(args: string[]) {
  return run('git', args, { cwd: state.app })
}

export async function write(path: string, contents: string) {
  await mkdir(join(state.app, path, '..'), { recursive: true })
  await writeFile(join(state.app, path), contents)
}

export function stripAnsi(text: string) {
  return text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
}

export function dbEnv(db: Database): NodeJS.ProcessEnv {
  return { DB_CONNECTION: db, DB_DATABASE: DB_NAME, NODE_ENV: 'development' }
}

/**
 * The user's steps for @adonisjs/queue on Redis (installed with the kit, one
 * npm install): the Redis and queue providers and the queue's commands in
 * adonisrc.ts.
 */
export async function addQueueProviders() {
  const rc = await readFile(join(state.app, 'adonisrc.ts'), 'utf-8')
  await write(
    'adonisrc.ts',
    rc
      .replace(
        "() => import('@adonisjs/bouncer/commands'),",
        "() => import('@adonisjs/bouncer/commands'),\n    () => import('@adonisjs/queue/commands'),"
      )
      .replace(
        "() => import('@adonisjs/bouncer/bouncer_provider'),",
        "() => import('@adonisjs/bouncer/bouncer_provider'),\n    () => import('@adonisjs/redis/redis_provider'),\n    () => import('@adonisjs/queue/queue_provider'),"
      )
  )
}

/**
 * Back to the configured application (the install group's `configured` tag).
 */
export async function resetApp() {
  const reset = await git(['reset', '-q', '--hard', 'configured'])
  if (reset.code !== 0) {
    throw new Error(`git reset --hard configured in ${state.app || '(no app)'}: ${reset.stderr}`)
  }
  await git(['clean', '-qfd'])
}
