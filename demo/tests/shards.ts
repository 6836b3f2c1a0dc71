/*
 * The browser tests in parallel (npm run test:browser:shards, used by .ci/run):
 * builds the package and the demo's frontend once, then runs BROWSER_SHARDS
 * demos side by side (default 2), each on its own port, SQLite file and mail
 * folder. Each shard takes the next spec file from one shared queue (the
 * longest first, by their number of tests), runs it through demo/tests/run.ts
 * against its own demo, and prints the file's output whole when it ends.
 * The exit code is non-zero when any file failed.
 *
 * Arguments: spec files to run (default: every demo/tests/browser/*.spec.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

const root = new URL('../../', import.meta.url)
const shards = Math.max(1, Number(process.env.BROWSER_SHARDS ?? 2))
const basePort = Number(process.env.PORT ?? 3340)
const folder = 'demo/tests/browser/'

/**
 * The files that take longest (minutes each on a loaded 2-core machine), started
 * first so that no shard is left alone with one of them at the end.
 */
const LONGEST = ['walk', 'panel', 'interface', 'french', 'fields']

/** Every spec file: the longest first, then those with the most tests. */
function specFiles(): string[] {
  const named = process.argv.slice(2)
  const files = named.length
    ? named
    : readdirSync(new URL(folder, root))
        .filter((name) => name.endsWith('.spec.ts'))
        .map((name) => folder + name)
  const weight = (file: string) =>
    (readFileSync(new URL(file, root), 'utf8').match(/\btest\(/g) ?? []).length
  const rank = (file: string) => {
    const index = LONGEST.findIndex((name) => file.endsWith(`/${name}.spec.ts`))
    return index === -1 ? LONGEST.length : index
  }
  return files.sort((a, b) => rank(a) - rank(b) || weight(b) - weight(a))
}

/** The environment of one shard: its port, database file and mail folder. */
function shardEnv(index: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(basePort + index),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    DEMO_SQLITE_FILE: `browser-${index}.sqlite3`,
    DEMO_MAIL_DIR: new URL(`demo/tmp/browser-mail-${index}`, root).pathname,
    SKIP_BUILD: '1',
    DEMO_EXTERNAL_SERVER: '1',
  }
}

function node(args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ['--import=@poppinss/ts-exec', ...args], {
    cwd: root,
    env,
    stdio: 'inherit',
  })
}

/** Migrate and seed the shard's database, then serve the demo on its port. */
async function startDemo(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const seeded = node(['demo/bin/console.ts', 'migration:fresh', '--force', '--seed'], env)
  if (seeded.status !== 0) throw new Error(`Seeding the demo on port ${env.PORT} failed`)
  const server = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'demo/bin/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The demo did not start in 60 s')), 60_000)
    server.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('adonis-kit demo:')) {
        clearTimeout(timer)
        resolve()
      }
    })
    server.once('exit', (code) => reject(new Error(`The demo exited with ${code}`)))
  })
  return server
}

/** Run one spec file against a shard's demo; its output is printed whole. */
function runFile(file: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import=@poppinss/ts-exec', '--enable-source-maps', 'demo/tests/run.ts', '--files', file],
      { cwd: root, env: { ...env, FORCE_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    const output: Buffer[] = []
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk))
    child.once('close', (code) => {
      process.stdout.write(`\n--- ${file} (port ${env.PORT})\n${Buffer.concat(output)}`)
      resolve(code === 0)
    })
  })
}

async function main() {
  if (!process.env.SKIP_BUILD) {
    const built = spawnSync('npm', ['run', 'demo:build', '--silent'], {
      cwd: root,
      stdio: 'inherit',
    })
    if (built.status !== 0) throw new Error('npm run demo:build failed')
  }
  const queue = specFiles()
  const servers: ChildProcess[] = []
  const failed: string[] = []
  try {
    const envs = Array.from({ length: shards }, (_, index) => shardEnv(index))
    for (const env of envs) servers.push(await startDemo(env))
    await Promise.all(
      envs.map(async (env) => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          if (!(await runFile(file, env))) failed.push(file)
        }
      })
    )
  } finally {
    for (const server of servers) server.kill('SIGTERM')
  }
  if (failed.length) {
    console.error(`\nBrowser spec files that failed: ${failed.join(', ')}`)
    process.exitCode = 1
  }
}

await main()
