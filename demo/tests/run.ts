/*
 * Browser tests of the demo (npm run test:browser): builds the package and
 * the demo's frontend, migrates and seeds a fresh SQLite file, serves the
 * demo on 127.0.0.1, then drives headless Chromium through it with both
 * renderers (demo/tests/browser/*.spec.ts).
 *
 * CHROMIUM_PATH (default /usr/bin/chromium), PORT (default 3340),
 * DEMO_SQLITE_FILE and DEMO_MAIL_DIR (the demo's database file in demo/tmp and
 * mail folder), DEMO_EXTERNAL_SERVER=1 (a demo already serves PORT: see
 * demo/tests/shards.ts, which runs the files on several demos at once).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { configure, processCLIArgs, run } from '@japa/runner'
import { assert } from '@japa/assert'

const root = new URL('../../', import.meta.url)
const env = {
  ...process.env,
  PORT: process.env.PORT ?? '3340',
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  DEMO_SQLITE_FILE: process.env.DEMO_SQLITE_FILE ?? 'browser.sqlite3',
  LOG_LEVEL: 'error',
  DEMO_MAIL_DIR: process.env.DEMO_MAIL_DIR ?? new URL('demo/tmp/browser-mail', root).pathname,
}
Object.assign(process.env, {
  DEMO_SQLITE_FILE: env.DEMO_SQLITE_FILE,
  NODE_ENV: env.NODE_ENV,
  PORT: env.PORT,
})
process.env.DEMO_URL = `http://127.0.0.1:${env.PORT}`
process.env.DEMO_DB = new URL(`demo/tmp/${env.DEMO_SQLITE_FILE}`, root).pathname
/* the demo writes its mails (password reset links) here */
process.env.DEMO_MAIL_DIR = env.DEMO_MAIL_DIR

function npm(script: string) {
  const result = spawnSync('npm', ['run', script, '--silent'], { cwd: root, env, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`npm run ${script} failed`)
}

let server: ChildProcess | null = null

async function startServer() {
  server = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'demo/bin/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The demo did not start in 30 s')), 30_000)
    server!.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('adonis-kit demo:')) {
        clearTimeout(timer)
        resolve()
      }
    })
    server!.on('exit', (code) => reject(new Error(`The demo exited with ${code}`)))
  })
}

processCLIArgs(process.argv.splice(2))
configure({
  files: ['demo/tests/browser/**/*.spec.ts'],
  plugins: [assert()],
  /* every test drives Chromium against the demo server: generous on a loaded machine */
  timeout: 60_000,
  forceExit: true,
  setup: [
    async () => {
      if (!process.env.SKIP_BUILD) npm('demo:build')
      if (process.env.DEMO_EXTERNAL_SERVER) return
      await startServer()
      return async () => {
        if (!server || server.exitCode !== null) return
        const exited = new Promise((resolve) => server!.once('exit', resolve))
        server.kill('SIGTERM')
        const timer = setTimeout(() => server?.kill('SIGKILL'), 3000)
        await exited
        clearTimeout(timer)
      }
    },
  ],
})
run()
