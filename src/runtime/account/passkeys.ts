import { createHash, randomBytes } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { PasskeySettings } from '../../definitions/panel/panel_passkeys.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { userModel, type PanelAccount } from './panel_account.ts'
import { countAttempt, retryAfterOf, throttleKeys } from './sign_in.ts'

/**
 * The table of the panels' passkeys (published by `configure`).
 */
export const PASSKEY_TABLE = 'kit_passkeys'

/**
 * The package that checks WebAuthn answers (an optional peer of the kit,
 * imported when a panel with `passkeys()` first needs it).
 */
const SERVER_PACKAGE = '@simplewebauthn/server'

type WebAuthnServer = typeof import('@simplewebauthn/server')

/**
 * The signature algorithms a new passkey may use: EdDSA, ES256, RS256 (the
 * library's default without post-quantum ones, whose Web Crypto support
 * in Node is experimental and warns at every process start).
 */
const SUPPORTED_ALGORITHMS = [-8, -7, -257]

/**
 * A passkey as the database keeps it.
 */
interface PasskeyRow {
  id: number | string
  panel: string
  user_id: string
  user_handle: string
  credential_id: string
  credential_hash: string
  public_key: string
  counter: number | string
  transports: string | null
  name: string
  created_at: Date | string
  last_used_at: Date | string | null
}

/**
 * A passkey of the signed-in user, as the profile lists it.
 */
export interface PasskeyEntry {
  id: string
  name: string
  createdAt: Date
  lastUsedAt: Date | null
}

/**
 * Refuse, at boot, `passkeys()` without `@simplewebauthn/server`.
 */
export function assertPasskeyServer(panelId: string) {
  try {
    import.meta.resolve(SERVER_PACKAGE)
  } catch {
    throw new KitConfigurationException(
      `Panel "${panelId}": passkeys() checks WebAuthn answers with ${SERVER_PACKAGE}; install it (npm install ${SERVER_PACKAGE})`
    )
  }
}

async function webauthn(): Promise<WebAuthnServer> {
  return import(SERVER_PACKAGE) as Promise<WebAuthnServer>
}

function settingsOf(account: PanelAccount): PasskeySettings {
  return account.passkeys!
}

/**
 * The relying party of a request: `passkeys({ rpId, origin })`, else the
 * request's host name and its own origin (same-origin only).
 */
function relyingParty(ctx: HttpContext, account: PanelAccount) {
  const settings = settingsOf(account)
  const hostname = ctx.request.hostname() ?? 'localhost'
  return {
    name: settings.rpName ?? account.brandName ?? account.panelId,
    id: settings.rpId ?? hostname,
    origins: settings.origin ?? [`${ctx.request.protocol()}://${ctx.request.host()}`],
  }
}

/**
 * The database connection of the user model: passkeys live next to the
 * users.
 */
async function clientOf(ctx: HttpContext, account: PanelAccount) {
  const Model = await userModel(account)
  const db = (await ctx.containerResolver.make('lucid.db')) as {
    connection(name?: string): QueryClientContract
  }
  return { Model, client: db.connection(Model.connection) }
}

/**
 * The SHA-256 of a credential id: the unique index (credential ids may be
 * longer than an index allows).
 */
function credentialHash(credentialId: string) {
  return createHash('sha256').update(credentialId).digest('hex')
}

function affected(result: unknown): number {
  return Array.isArray(result) ? Number(result[0] ?? 0) : Number(result)
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value)
}

function transportsOf(row: PasskeyRow): string[] | undefined {
  return row.transports ? row.transports.split(',') : undefined
}

/* ---------------------------------------------------------------------------
 * Challenges: in the session, one per purpose, single use, expiring
 * ------------------------------------------------------------------------ */

type Purpose = 'signIn' | 'register'

interface StoredChallenge {
  challenge: string
  expiresAt: number
  userId?: string
  userHandle?: string
}

function challengeKey(account: PanelAccount, purpose: Purpose) {
  return `kit_passkey_${account.panelId}_${purpose}`
}

function sessionOf(ctx: HttpContext, account: PanelAccount) {
  if (!ctx.session) {
    throw new KitConfigurationException(
      `Panel "${account.panelId}": passkeys() keeps its challenges in the session: add @adonisjs/session to the router`
    )
  }
  return ctx.session
}

function storeChallenge(
  ctx: HttpContext,
  account: PanelAccount,
  purpose: Purpose,
  challenge: Omit<StoredChallenge, 'expiresAt'>
) {
  const expiresAt = Date.now() + settingsOf(account).timeout * 1000
  sessionOf(ctx, account).put(challengeKey(account, purpose), { ...challenge, expiresAt })
}

/**
 * Take the session's challenge of a purpose out of the session (a second
 * answer finds none): null when there is none or it has expired.
 */
function takeChallenge(
  ctx: HttpContext,
  account: PanelAccount,
  purpose: Purpose
): StoredChallenge | null {
  const stored = sessionOf(ctx, account).pull(challengeKey(account, purpose), null) as unknown
  if (!stored || typeof stored !== 'object') return null
  const { challenge, expiresAt } = stored as StoredChallenge
  if (typeof challenge !== 'string' || typeof expiresAt !== 'number') return null
  return expiresAt > Date.now() ? (stored as StoredChallenge) : null
}

/**
 * Spend a challenge on the server: true the first time only. The session
 * forgets a challenge when it is answered, but a cookie session store can
 * be replayed by its client; this count, in the limiter's store (shared by
 * every process), makes a challenge single use whatever the store.
 */
async function spendChallenge(ctx: HttpContext, account: PanelAccount, challenge: string) {
  const once = { requests: 1, duration: settingsOf(account).timeout + 60 }
  const limits = { perAccount: once, perIp: once, store: settingsOf(account).throttle.store }
  const hash = createHash('sha256').update(challenge).digest('hex')
  const [key] = await throttleKeys(ctx, account, limits, 'passkey_challenge', hash)
  const { consumed } = await key.limiter.increment(key.key)
  return consumed === 1
}

/**
 * Whether an answer of the browser has the shape of a WebAuthn credential
 * (the library checks the rest).
 */
function isCredentialAnswer(value: unknown): value is { id: string; response: object } {
  const answer = value as { id?: unknown; response?: unknown; type?: unknown } | null
  return (
    !!answer &&
    typeof answer === 'object' &&
    typeof answer.id === 'string' &&
    answer.id.length > 0 &&
    answer.id.length <= 2048 &&
    answer.type === 'public-key' &&
    !!answer.response &&
    typeof answer.response === 'object'
  )
}

/* ---------------------------------------------------------------------------
 * Sign-in
 * ------------------------------------------------------------------------ */

/**
 * The passkey sign-in's answer: the user, a refusal (the same for every
 * reason), or a wait in seconds.
 */
export type PasskeySignInResult =
  | { status: 'signedIn'; user: LucidRow }
  | { status: 'refused' }
  | { status: 'throttled'; retryAfter: number }

/**
 * The limiter of passkey sign-ins: per IP address.
 */
async function signInThrottle(ctx: HttpContext, account: PanelAccount) {
  const { perIp, store } = settingsOf(account).throttle
  const keys = await throttleKeys(ctx, account, { perAccount: perIp, perIp, store }, 'passkey', '')
  /* no account is known before the answer is checked: the IP's key only */
  return keys.slice(1)
}

/**
 * Options of `navigator.credentials.get()` for a sign-in without a uid
 * (discoverable credentials): a new challenge, kept in the session; or
 * the seconds to wait when the IP address has spent its attempts.
 */
export async function passkeySignInOptions(
  ctx: HttpContext,
  account: PanelAccount
): Promise<{ options: unknown } | { retryAfter: number }> {
  const retryAfter = await retryAfterOf(await signInThrottle(ctx, account))
  if (retryAfter > 0) return { retryAfter }
  const { generateAuthenticationOptions } = await webauthn()
  const rp = relyingParty(ctx, account)
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: settingsOf(account).timeout * 1000,
    userVerification: 'required',
  })
  storeChallenge(ctx, account, 'signIn', { challenge: options.challenge })
  return { options }
}

/**
 * Sign in with a passkey's answer, throttled per IP address. The session's
 * challenge is used up first (a second answer to it is refused); the
 * answer must be signed by a passkey of this panel, over that challenge,
 * from an allowed origin, with user verification and a signature counter
 * above the stored one (a cloned authenticator is refused). A refused
 * answer counts against the IP address.
 */
export async function signInWithPasskey(
  ctx: HttpContext,
  account: PanelAccount,
  answer: unknown
): Promise<PasskeySignInResult> {
  const keys = await signInThrottle(ctx, account)
  const retryAfter = await retryAfterOf(keys)
  if (retryAfter > 0) return { status: 'throttled', retryAfter }
  const refused = async (): Promise<PasskeySignInResult> => {
    await countAttempt(keys)
    return { status: 'refused' }
  }

  /* the challenge: single use, whatever happens next */
  const stored = takeChallenge(ctx, account, 'signIn')
  if (!stored || !isCredentialAnswer(answer)) return refused()
  if (!(await spendChallenge(ctx, account, stored.challenge))) return refused()

  /* the passkey: one of this panel */
  const { Model, client } = await clientOf(ctx, account)
  const row: PasskeyRow | null = await client
    .from(PASSKEY_TABLE)
    .where('panel', account.panelId)
    .where('credential_hash', credentialHash(answer.id))
    .first()
  if (!row || row.credential_id !== answer.id) return refused()
  const userHandle = (answer.response as { userHandle?: unknown }).userHandle
  if (userHandle !== undefined && userHandle !== null && userHandle !== row.user_handle) {
    return refused()
  }

  /* the signature, the origin, the relying party, the counter */
  const { verifyAuthenticationResponse } = await webauthn()
  const { isoBase64URL } = await import('@simplewebauthn/server/helpers')
  const rp = relyingParty(ctx, account)
  let newCounter: number
  try {
    const verification = await verifyAuthenticationResponse({
      response: answer as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: row.credential_id,
        publicKey: isoBase64URL.toBuffer(row.public_key),
        counter: Number(row.counter),
        transports: transportsOf(row),
      },
      requireUserVerification: true,
    })
    if (!verification.verified) return refused()
    newCounter = verification.authenticationInfo.newCounter
  } catch {
    return refused()
  }

  /* the counter moves once: of two answers racing with one counter, one wins */
  const updated = await client
    .from(PASSKEY_TABLE)
    .where('id', row.id)
    .where('counter', row.counter)
    .update({ counter: newCounter, last_used_at: new Date() })
  if (affected(updated) !== 1) return refused()

  const user = await Model.query({ client }).where(Model.primaryKey, row.user_id).first()
  if (!user) return refused()
  return { status: 'signedIn', user }
}

/* ---------------------------------------------------------------------------
 * Registration and management (the profile page)
 * ------------------------------------------------------------------------ */

function userIdOf(user: LucidRow) {
  return String(user.$primaryKeyValue)
}

async function rowsOf(client: QueryClientContract, account: PanelAccount, user: LucidRow) {
  const rows: PasskeyRow[] = await client
    .from(PASSKEY_TABLE)
    .where('panel', account.panelId)
    .where('user_id', userIdOf(user))
    .orderBy('id', 'asc')
  return rows
}

/**
 * The signed-in user's passkeys of the panel, oldest first.
 */
export async function passkeysOf(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow
): Promise<PasskeyEntry[]> {
  const { client } = await clientOf(ctx, account)
  const rows = await rowsOf(client, account, user)
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    createdAt: toDate(row.created_at),
    lastUsedAt: row.last_used_at ? toDate(row.last_used_at) : null,
  }))
}

/**
 * Options of `navigator.credentials.create()` for a new passkey of the
 * signed-in user (whose current password the caller has verified): a
 * discoverable credential with user verification, none of the user's
 * authenticators twice. The challenge is kept in the session, bound to
 * the user.
 */
export async function passkeyRegistrationOptions(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow
): Promise<unknown> {
  const { generateRegistrationOptions } = await webauthn()
  const { client } = await clientOf(ctx, account)
  const rows = await rowsOf(client, account, user)
  /* one user handle per user and panel: an authenticator keeps one passkey per handle */
  const userHandle = rows[0]?.user_handle ?? randomBytes(32).toString('base64url')
  const rp = relyingParty(ctx, account)
  const attributes = user as unknown as Record<string, unknown>
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: String(attributes[account.login.uid] ?? ''),
    userDisplayName: String(attributes[account.login.name] ?? ''),
    userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
    timeout: settingsOf(account).timeout * 1000,
    attestationType: 'none',
    excludeCredentials: rows.map((row) => ({
      id: row.credential_id,
      transports: transportsOf(row),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  })
  storeChallenge(ctx, account, 'register', {
    challenge: options.challenge,
    userId: userIdOf(user),
    userHandle,
  })
  return options
}

/**
 * Store a new passkey of the signed-in user from the browser's answer to
 * the session's registration challenge (used up first). False when the
 * answer is refused: no challenge (or one of another user, or expired), a
 * bad signature or origin, no user verification, or a passkey already
 * stored.
 */
export async function registerPasskey(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow,
  name: string,
  answer: unknown
): Promise<boolean> {
  const stored = takeChallenge(ctx, account, 'register')
  if (!stored || stored.userId !== userIdOf(user) || !stored.userHandle) return false
  if (!isCredentialAnswer(answer)) return false
  if (!(await spendChallenge(ctx, account, stored.challenge))) return false

  const { verifyRegistrationResponse } = await webauthn()
  const { isoBase64URL } = await import('@simplewebauthn/server/helpers')
  const rp = relyingParty(ctx, account)
  let credential: {
    id: string
    publicKey: Uint8Array<ArrayBuffer>
    counter: number
    transports?: string[]
  }
  try {
    const verification = await verifyRegistrationResponse({
      response: answer as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    })
    if (!verification.verified) return false
    credential = verification.registrationInfo.credential
  } catch {
    return false
  }

  const { client } = await clientOf(ctx, account)
  const hash = credentialHash(credential.id)
  const taken = await client.from(PASSKEY_TABLE).where('credential_hash', hash).first()
  if (taken) return false
  const transports = (credential.transports ?? [])
    .filter((transport) => /^[a-z-]{1,32}$/.test(transport))
    .join(',')
  try {
    await client
      .insertQuery()
      .table(PASSKEY_TABLE)
      .insert({
        panel: account.panelId,
        user_id: userIdOf(user),
        user_handle: stored.userHandle,
        credential_id: credential.id,
        credential_hash: hash,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: transports || null,
        name,
        created_at: new Date(),
        last_used_at: null,
      })
  } catch {
    /* two requests racing with one credential: the unique index keeps one */
    return false
  }
  return true
}

/**
 * The row of a passkey of the signed-in user, or null (another user's, or
 * another panel's, is not found).
 */
async function ownPasskey(
  client: QueryClientContract,
  account: PanelAccount,
  user: LucidRow,
  id: unknown
): Promise<PasskeyRow | null> {
  if (typeof id !== 'string' || !/^[0-9]{1,18}$/.test(id)) return null
  return client
    .from(PASSKEY_TABLE)
    .where('id', id)
    .where('panel', account.panelId)
    .where('user_id', userIdOf(user))
    .first()
}

/**
 * What the profile changes in a passkey: its name, or its existence.
 */
export type PasskeyChange = { rename: string } | { remove: true }

/**
 * Rename or remove a passkey of the signed-in user. False when it is not
 * theirs (nothing changes).
 */
export async function changePasskey(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow,
  id: unknown,
  change: PasskeyChange
): Promise<boolean> {
  const { client } = await clientOf(ctx, account)
  const row = await ownPasskey(client, account, user, id)
  if (!row) return false
  const query = client.from(PASSKEY_TABLE).where('id', row.id)
  await ('rename' in change ? query.update({ name: change.rename }) : query.delete())
  return true
}
