import { randomInt } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import { userModel, type PanelAccount } from './panel_account.ts'
import { countAttempt, retryAfterOf, throttleKeys } from './sign_in.ts'

/**
 * The table of the users' second factors (published by `configure`): one
 * row per user of a user table, its TOTP secret encrypted, its recovery
 * codes hashed.
 */
export const TWO_FACTOR_TABLE = 'kit_two_factor'

/** Recovery codes given at enrolment (and at each regeneration) */
export const RECOVERY_CODE_COUNT = 8

/** Seconds a pending sign-in (the second step) stays open */
export const PENDING_SIGN_IN_SECONDS = 300

/** Seconds of a TOTP time step */
const PERIOD = 30

/** The purpose the secret is encrypted for (a value of another purpose is refused) */
const PURPOSE = 'adonis-kit-two-factor'

/**
 * A row of `kit_two_factor`.
 */
interface TwoFactorRow {
  id: number | string
  user_table: string
  user_id: string
  secret: string
  confirmed_at: unknown
  last_used_step: number | string | null
  recovery_codes: string | null
}

interface Encryption {
  encrypt(value: unknown, expiresIn?: string | number, purpose?: string): string
  decrypt<T>(value: unknown, purpose?: string): T | null
}

interface Hasher {
  make(value: string): Promise<string>
  verify(hashed: string, plain: string): Promise<boolean>
}

/**
 * The database connection of the user model and the key of a user in
 * `kit_two_factor` (the user table and the primary key): the second factor
 * belongs to the user, whichever panel of the same users enrolled it.
 */
async function storeOf(ctx: HttpContext, account: PanelAccount) {
  const Model = await userModel(account)
  const db = (await ctx.containerResolver.make('lucid.db')) as {
    connection(name?: string): QueryClientContract
  }
  return { Model, client: db.connection(Model.connection), table: Model.table }
}

function affected(result: unknown): number {
  return Array.isArray(result) ? Number(result[0] ?? 0) : Number(result)
}

/**
 * The row of a user, or null.
 */
async function rowOf(
  client: QueryClientContract,
  table: string,
  user: LucidRow
): Promise<TwoFactorRow | null> {
  const row = await client
    .from(TWO_FACTOR_TABLE)
    .where('user_table', table)
    .where('user_id', String(user.$primaryKeyValue))
    .first()
  return (row as TwoFactorRow | null) ?? null
}

function isConfirmed(row: TwoFactorRow | null): boolean {
  return !!row && row.confirmed_at !== null && row.confirmed_at !== undefined
}

/**
 * Whether the user has a confirmed second factor (TOTP).
 */
export async function hasTwoFactor(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow
): Promise<boolean> {
  const { client, table } = await storeOf(ctx, account)
  return isConfirmed(await rowOf(client, table, user))
}

/**
 * Whether the panel requires the user to enrol (`twoFactor({ required })`).
 */
export async function twoFactorRequired(account: PanelAccount, user: LucidRow) {
  const required = account.twoFactor?.required
  if (typeof required === 'function') return (await required(user)) === true
  return required === true
}

async function encryptionOf(ctx: HttpContext): Promise<Encryption> {
  return (await ctx.containerResolver.make('encryption')) as unknown as Encryption
}

/**
 * The base32 secret of a stored (encrypted) one, or null when it does not
 * decrypt (another key, another purpose, tampered).
 */
async function decryptSecret(ctx: HttpContext, value: string): Promise<string | null> {
  const encryption = await encryptionOf(ctx)
  const secret = encryption.decrypt<string>(value, PURPOSE)
  return typeof secret === 'string' ? secret : null
}

async function hasherOf(ctx: HttpContext): Promise<Hasher> {
  return (await ctx.containerResolver.make('hash')) as unknown as Hasher
}

function totpOf(account: PanelAccount, user: LucidRow, base32: string) {
  return new TOTP({
    issuer: account.twoFactor!.issuer,
    label: String((user as unknown as Record<string, unknown>)[account.login.uid] ?? ''),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  })
}

/**
 * The time step a code is valid for (within one step of now), or null.
 */
function validStep(totp: TOTP, code: string): number | null {
  const token = code.replace(/\s+/g, '')
  if (!/^[0-9]{6}$/.test(token)) return null
  const now = Date.now()
  const delta = totp.validate({ token, timestamp: now, window: 1 })
  if (delta === null) return null
  return Math.floor(now / 1000 / PERIOD) + delta
}

/**
 * The session key of an enrolment begun by this session.
 */
function enrolmentKey(account: PanelAccount) {
  return `kit_two_factor_enrolment_${account.panelId}`
}

/**
 * What the profile page shows of the user's second factor: whether it is
 * on, the enrolment this session began (the secret, its otpauth URI and
 * QR code: shown only until confirmed), and how many recovery codes are
 * left. The secret of a confirmed factor never leaves the server.
 */
export async function twoFactorStatus(ctx: HttpContext, account: PanelAccount, user: LucidRow) {
  const { client, table } = await storeOf(ctx, account)
  const row = await rowOf(client, table, user)
  const required = await twoFactorRequired(account, user)
  if (row && isConfirmed(row)) {
    const codes = JSON.parse(row.recovery_codes ?? '[]') as string[]
    return { enabled: true, required, recoveryCodesLeft: codes.length, enrolment: null }
  }
  const begun = ctx.session?.get(enrolmentKey(account), null) === String(user.$primaryKeyValue)
  if (!row || !begun) return { enabled: false, required, recoveryCodesLeft: 0, enrolment: null }
  const secret = await decryptSecret(ctx, row.secret)
  if (!secret) return { enabled: false, required, recoveryCodesLeft: 0, enrolment: null }
  const uri = totpOf(account, user, secret).toString()
  const qrCode = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { enabled: false, required, recoveryCodesLeft: 0, enrolment: { secret, uri, qrCode } }
}

/**
 * Begin an enrolment: a new secret (replacing an unconfirmed one), stored
 * encrypted, shown to this session until a first code confirms it. False
 * when the user already has a confirmed factor.
 */
export async function beginEnrolment(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow
): Promise<boolean> {
  const { client, table } = await storeOf(ctx, account)
  const secret = new Secret({ size: 20 }).base32
  const encryption = await encryptionOf(ctx)
  const encrypted = encryption.encrypt(secret, undefined, PURPOSE)
  const userId = String(user.$primaryKeyValue)
  const now = new Date()
  const begun = await client.transaction(async (trx) => {
    const row = await rowOf(trx, table, user)
    if (isConfirmed(row)) return false
    await trx.from(TWO_FACTOR_TABLE).where('user_table', table).where('user_id', userId).delete()
    await trx.insertQuery().table(TWO_FACTOR_TABLE).insert({
      user_table: table,
      user_id: userId,
      secret: encrypted,
      confirmed_at: null,
      last_used_step: null,
      recovery_codes: null,
      created_at: now,
      updated_at: now,
    })
    return true
  })
  if (begun) ctx.session?.put(enrolmentKey(account), userId)
  return begun
}

/**
 * New recovery codes: `xxxxx-xxxxx`, of an alphabet without look-alikes.
 */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const part = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join('')
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`)
}

function normalizeRecoveryCode(value: string) {
  return value.trim().toLowerCase()
}

async function hashedCodes(ctx: HttpContext, codes: string[]) {
  const hasher = await hasherOf(ctx)
  return JSON.stringify(await Promise.all(codes.map((code) => hasher.make(code))))
}

/**
 * Confirm the enrolment this session began with a first valid code: the
 * factor is on (the code's time step is used), and the recovery codes are
 * returned, once (only their hashes are stored). Null for a wrong code or
 * without an enrolment.
 */
export async function confirmEnrolment(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow,
  code: string
): Promise<string[] | null> {
  const { client, table } = await storeOf(ctx, account)
  const row = await rowOf(client, table, user)
  const begun = ctx.session?.get(enrolmentKey(account), null) === String(user.$primaryKeyValue)
  if (!row || isConfirmed(row) || !begun) return null
  const secret = await decryptSecret(ctx, row.secret)
  if (!secret) return null
  const step = validStep(totpOf(account, user, secret), code)
  if (step === null) return null
  const codes = newRecoveryCodes()
  const updated = await client
    .from(TWO_FACTOR_TABLE)
    .where('id', row.id)
    .whereNull('confirmed_at')
    .update({
      confirmed_at: new Date(),
      last_used_step: step,
      recovery_codes: await hashedCodes(ctx, codes),
      updated_at: new Date(),
    })
  if (affected(updated) !== 1) return null
  ctx.session?.forget(enrolmentKey(account))
  return codes
}

/**
 * Replace the user's recovery codes: the new ones are returned, once.
 * Null without a confirmed factor.
 */
export async function regenerateRecoveryCodes(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow
): Promise<string[] | null> {
  const { client, table } = await storeOf(ctx, account)
  const row = await rowOf(client, table, user)
  if (!row || !isConfirmed(row)) return null
  const codes = newRecoveryCodes()
  await client
    .from(TWO_FACTOR_TABLE)
    .where('id', row.id)
    .update({ recovery_codes: await hashedCodes(ctx, codes), updated_at: new Date() })
  return codes
}

/**
 * Turn the user's second factor off (its row is deleted).
 */
export async function disableTwoFactor(ctx: HttpContext, account: PanelAccount, user: LucidRow) {
  const { client, table } = await storeOf(ctx, account)
  await client
    .from(TWO_FACTOR_TABLE)
    .where('user_table', table)
    .where('user_id', String(user.$primaryKeyValue))
    .delete()
  ctx.session?.forget(enrolmentKey(account))
}

/**
 * What a second factor is given to verify an answer.
 */
export interface SecondFactorContext {
  ctx: HttpContext
  account: PanelAccount
  user: LucidRow
  client: QueryClientContract
  /** The user's `kit_two_factor` row, when confirmed (null otherwise) */
  row: TwoFactorRow | null
}

/**
 * A second factor the sign-in challenge accepts. The extension point: a
 * new factor (passkeys, ...) is one more entry of `SECOND_FACTORS`, its
 * `name` posted as `factor` with the challenge form and drawn by the
 * challenge page (`KitTwoFactorChallengeContract.factors`). A user is
 * challenged when at least one factor is `available` to them.
 */
export interface SecondFactor {
  name: string
  /** Whether the user can answer with this factor */
  available(context: SecondFactorContext): boolean | Promise<boolean>
  /** Whether the answer (the posted form) is right; a right answer is used up */
  verify(context: SecondFactorContext, input: Record<string, unknown>): Promise<boolean>
}

/**
 * A code of the authenticator app: valid within one time step of now, and
 * newer than the last step used (a code is never accepted twice; the step
 * is stored in the same conditional update that accepts it).
 */
const totpFactor: SecondFactor = {
  name: 'totp',
  available: ({ row }) => isConfirmed(row),
  async verify({ ctx, account, user, client, row }, input) {
    if (!row || typeof input.code !== 'string' || input.code.length > 64) return false
    const secret = await decryptSecret(ctx, row.secret)
    if (!secret) return false
    const step = validStep(totpOf(account, user, secret), input.code)
    if (step === null) return false
    const updated = await client
      .from(TWO_FACTOR_TABLE)
      .where('id', row.id)
      .where((query) => query.whereNull('last_used_step').orWhere('last_used_step', '<', step))
      .update({ last_used_step: step, updated_at: new Date() })
    return affected(updated) === 1
  },
}

/**
 * A recovery code: each works once (removed from the stored list by a
 * conditional update, so two requests with one code cannot both pass).
 */
const recoveryFactor: SecondFactor = {
  name: 'recovery',
  available: ({ row }) => isConfirmed(row),
  async verify({ ctx, client, row }, input) {
    if (!row || typeof input.code !== 'string' || input.code.length > 64) return false
    const code = normalizeRecoveryCode(input.code)
    if (!code) return false
    const stored = row.recovery_codes ?? '[]'
    const hashes = JSON.parse(stored) as string[]
    const hasher = await hasherOf(ctx)
    let index = -1
    for (const [position, hashed] of hashes.entries()) {
      if (index === -1 && (await hasher.verify(hashed, code))) index = position
    }
    if (index === -1) return false
    const remaining = hashes.filter((_, position) => position !== index)
    const updated = await client
      .from(TWO_FACTOR_TABLE)
      .where('id', row.id)
      .where('recovery_codes', stored)
      .update({ recovery_codes: JSON.stringify(remaining), updated_at: new Date() })
    return affected(updated) === 1
  },
}

/**
 * The second factors of the sign-in challenge, in the order the page
 * offers them. Add a factor here (see `SecondFactor`).
 */
export const SECOND_FACTORS: SecondFactor[] = [totpFactor, recoveryFactor]

async function factorContext(ctx: HttpContext, account: PanelAccount, user: LucidRow) {
  const { client, table } = await storeOf(ctx, account)
  const row = await rowOf(client, table, user)
  return { ctx, account, user, client, row: isConfirmed(row) ? row : null }
}

/**
 * The names of the factors a user can answer with.
 */
async function availableFactors(context: SecondFactorContext) {
  const names: string[] = []
  for (const factor of SECOND_FACTORS) {
    if (await factor.available(context)) names.push(factor.name)
  }
  return names
}

/**
 * A sign-in waiting for its second step, kept in the session.
 */
interface PendingSignIn {
  userId: string
  remember: boolean
  back: string | null
  expiresAt: number
}

function pendingKey(account: PanelAccount) {
  return `kit_two_factor_pending_${account.panelId}`
}

/**
 * After right credentials: when the panel has `twoFactor()` and the user
 * a second factor, the sign-in waits in the session (for
 * `PENDING_SIGN_IN_SECONDS`) and true is returned; the user is not signed
 * in. False when no second step is needed.
 */
export async function beginSecondStep(
  ctx: HttpContext,
  account: PanelAccount,
  user: LucidRow,
  state: { remember: boolean; back: string | null }
): Promise<boolean> {
  if (!account.twoFactor || !ctx.session) return false
  const factors = await availableFactors(await factorContext(ctx, account, user))
  if (factors.length === 0) return false
  const pending: PendingSignIn = {
    userId: String(user.$primaryKeyValue),
    remember: state.remember,
    back: state.back,
    expiresAt: Date.now() + PENDING_SIGN_IN_SECONDS * 1000,
  }
  ctx.session.put(pendingKey(account), pending)
  return true
}

/**
 * The pending sign-in of the session: `missing`, `expired` (then
 * forgotten), or the pending sign-in.
 */
function pendingOf(ctx: HttpContext, account: PanelAccount) {
  const value = ctx.session?.get(pendingKey(account), null) as PendingSignIn | null
  if (!value || typeof value.userId !== 'string' || typeof value.expiresAt !== 'number') {
    return { status: 'missing' as const }
  }
  if (value.expiresAt <= Date.now()) {
    ctx.session?.forget(pendingKey(account))
    return { status: 'expired' as const }
  }
  return { status: 'pending' as const, pending: value }
}

/**
 * The pending sign-in's user and the factors they can answer with, for the
 * challenge page.
 */
export async function challengeOf(ctx: HttpContext, account: PanelAccount) {
  const state = pendingOf(ctx, account)
  if (state.status !== 'pending') return state
  const Model = await userModel(account)
  const user = await Model.find(state.pending.userId)
  if (!user) {
    ctx.session?.forget(pendingKey(account))
    return { status: 'missing' as const }
  }
  const factors = await availableFactors(await factorContext(ctx, account, user))
  return { status: 'pending' as const, factors }
}

/**
 * The answer of the second step.
 */
export type SecondStepResult =
  | { status: 'missing' | 'expired' | 'refused' }
  | { status: 'throttled'; retryAfter: number }
  | { status: 'signedIn'; user: LucidRow; remember: boolean; back: string | null }

/**
 * Answer the second step with a factor (`factor`: its name) and its
 * answer, throttled like the sign-in (per account and per IP): a refused
 * answer counts against both, a right one clears the account's count and
 * ends the pending sign-in. The caller signs the user in.
 */
export async function attemptSecondStep(
  ctx: HttpContext,
  account: PanelAccount,
  input: Record<string, unknown>
): Promise<SecondStepResult> {
  const state = pendingOf(ctx, account)
  if (state.status !== 'pending') return { status: state.status }
  const { pending } = state
  const keys = await throttleKeys(
    ctx,
    account,
    account.login.throttle,
    'two_factor',
    `user_${pending.userId}`
  )
  const retryAfter = await retryAfterOf(keys)
  if (retryAfter > 0) return { status: 'throttled', retryAfter }

  const Model = await userModel(account)
  const user = await Model.find(pending.userId)
  if (!user) {
    ctx.session?.forget(pendingKey(account))
    return { status: 'missing' }
  }
  const context = await factorContext(ctx, account, user)
  const factor = SECOND_FACTORS.find((entry) => entry.name === input.factor)
  if (factor && (await factor.available(context)) && (await factor.verify(context, input))) {
    await keys[0].limiter.delete(keys[0].key)
    ctx.session?.forget(pendingKey(account))
    return { status: 'signedIn', user, remember: pending.remember, back: pending.back }
  }
  await countAttempt(keys)
  return { status: 'refused' }
}
