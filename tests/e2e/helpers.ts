/*
 * Helpers of the end-to-end suite: child processes, a free port, a cookie
 * jar and a browser-like HTTP client, and read access to the app's database.
 * Nothing here reaches into the application's process.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import knex from 'knex'

export type Database = 'sqlite' | 'pg' | 'mysql'

/**
 * The output and exit code of a finished child process.
 */
export interface RunResult {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Run a command to its end (no shell), with the app's environment.
 */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number }
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${command} ${args.join(' ')} did not finish in ${options.timeout}ms`))
    }, options.timeout ?? 240_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

/**
 * Throw with the command's output unless it exited with 0.
 */
export function assertSucceeded(result: RunResult, what: string) {
  if (result.code !== 0) {
    throw new Error(`${what} exited with ${result.code}\n${result.stdout}\n${result.stderr}`)
  }
  return result
}

/**
 * A free TCP port on the loopback interface.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * `node ace serve` as a child process, until stopped with SIGINT.
 */
export class AppServer {
  #child: ChildProcess | null = null
  output = ''
  url = ''

  constructor(
    private cwd: string,
    private env: NodeJS.ProcessEnv
  ) {}

  async start(port: number) {
    this.url = `http://127.0.0.1:${port}`
    this.#child = spawn(process.execPath, ['ace', 'serve'], {
      cwd: this.cwd,
      env: { ...process.env, ...this.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.#child.stdout!.on('data', (chunk) => (this.output += chunk))
    this.#child.stderr!.on('data', (chunk) => (this.output += chunk))
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      if (this.#child.exitCode !== null) {
        throw new Error(`node ace serve exited with ${this.#child.exitCode}\n${this.output}`)
      }
      try {
        await fetch(`${this.url}/`, { redirect: 'manual' })
        return
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
    throw new Error(`node ace serve did not answer in 60 s\n${this.output}`)
  }

  /**
   * Whether the server process (and its HTTP server) still runs.
   */
  get running() {
    return this.#child !== null && this.#child.exitCode === null && this.#child.signalCode === null
  }

  async stop() {
    const child = this.#child
    if (!child || !this.running) return
    const exited = new Promise((resolve) => child.on('exit', resolve))
    child.kill('SIGINT')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
}

/**
 * A long-running `node ...` child process (e.g. `node ace queue:work`),
 * until stopped with SIGTERM.
 */
export class Daemon {
  #child: ChildProcess | null = null
  output = ''

  constructor(
    private cwd: string,
    private env: NodeJS.ProcessEnv
  ) {}

  start(args: string[]) {
    this.#child = spawn(process.execPath, args, {
      cwd: this.cwd,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.#child.stdout!.on('data', (chunk) => (this.output += chunk))
    this.#child.stderr!.on('data', (chunk) => (this.output += chunk))
  }

  get running() {
    return this.#child !== null && this.#child.exitCode === null && this.#child.signalCode === null
  }

  /**
   * Send a signal and return at once (SIGSTOP freezes the process, SIGKILL
   * ends it without a chance to clean up).
   */
  signal(signal: NodeJS.Signals) {
    this.#child?.kill(signal)
  }

  /**
   * Until the process has exited (after a SIGKILL).
   */
  async exited() {
    const child = this.#child
    if (!child || !this.running) return
    await new Promise((resolve) => child.on('exit', resolve))
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    const child = this.#child
    if (!child || !this.running) return
    const exited = new Promise((resolve) => child.on('exit', resolve))
    child.kill(signal)
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
}

/**
 * A browser-like HTTP client: keeps cookies, sends the CSRF token from the
 * XSRF-TOKEN cookie as the Inertia client does, and never follows redirects
 * on its own.
 */
export class BrowserClient {
  cookies = new Map<string, string>()
  version = ''

  constructor(public baseUrl: string) {}

  #store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(header) || value === '') {
        this.cookies.delete(name)
      } else {
        this.cookies.set(name, value)
      }
    }
  }

  #cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  /**
   * The CSRF token the Inertia client sends as X-XSRF-TOKEN.
   */
  xsrfToken() {
    const value = this.cookies.get('XSRF-TOKEN')
    return value ? decodeURIComponent(value) : ''
  }

  /**
   * A full page load (HTML). Remembers the Inertia asset version of the page.
   */
  async visit(path: string) {
    const response = await this.request('GET', path, { headers: { accept: 'text/html' } })
    const html = await response.text()
    const script = /<script[^>]*data-page="app"[^>]*>([\s\S]*?)<\/script>/.exec(html)
    if (script) {
      this.version = String(JSON.parse(script[1]).version ?? '')
    }
    return { response, html }
  }

  /**
   * An Inertia visit (the X-Inertia headers, JSON body, CSRF header).
   */
  inertia(method: string, path: string, body?: unknown) {
    return this.request(method, path, {
      headers: {
        'x-inertia': 'true',
        'x-inertia-version': this.version,
        'x-requested-with': 'XMLHttpRequest',
        'accept': 'text/html, application/xhtml+xml',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'x-xsrf-token': this.xsrfToken() }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }

  async request(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string } = {}
  ) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: { cookie: this.#cookieHeader(), ...init.headers },
      body: init.body,
    })
    this.#store(response)
    return response
  }
}

/**
 * One browser (one cookie jar) behind a load balancer: each request goes to
 * the next of several web processes in turn. `served` counts the requests
 * each process answered.
 */
export class RoundRobinClient extends BrowserClient {
  #next = 0
  served = new Map<string, number>()

  constructor(public baseUrls: string[]) {
    super(baseUrls[0])
  }

  /**
   * The process the next request goes to.
   */
  get upcoming() {
    return this.baseUrls[this.#next % this.baseUrls.length]
  }

  async request(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string } = {}
  ) {
    this.baseUrl = this.upcoming
    this.#next++
    this.served.set(this.baseUrl, (this.served.get(this.baseUrl) ?? 0) + 1)
    return super.request(method, path, init)
  }
}

/**
 * A knex connection to the app's database (the same driver the app uses).
 */
function connect(db: Database, settings: { sqliteFile: string; database?: string }) {
  if (db === 'sqlite') {
    return knex({
      client: 'better-sqlite3',
      connection: { filename: settings.sqliteFile },
      useNullAsDefault: true,
    })
  }
  if (db === 'pg') {
    return knex({
      client: 'pg',
      connection: { host: '127.0.0.1', user: 'postgres', database: settings.database },
    })
  }
  return knex({
    client: 'mysql2',
    connection: { host: '127.0.0.1', user: 'root', database: settings.database },
  })
}

/**
 * Access to the app's database from the test process, to assert rows.
 */
export function openDatabase(db: Database, settings: { sqliteFile: string; database: string }) {
  const connection = connect(db, settings)
  return {
    async rows(sql: string, bindings: any[] = []): Promise<any[]> {
      const result = await connection.raw(sql, bindings)
      if (db === 'pg') return result.rows
      if (db === 'mysql') return result[0]
      return result
    },
    close: () => connection.destroy(),
  }
}

/**
 * Drop and create the database of a PostgreSQL or MariaDB run.
 */
export async function recreateDatabase(db: Database, name: string) {
  if (db === 'sqlite') return
  const server = connect(db, { sqliteFile: '', database: db === 'pg' ? 'postgres' : undefined })
  try {
    await server.raw(`DROP DATABASE IF EXISTS ${name}${db === 'pg' ? ' WITH (FORCE)' : ''}`)
    await server.raw(`CREATE DATABASE ${name}`)
  } finally {
    await server.destroy()
  }
}
