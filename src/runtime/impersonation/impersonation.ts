import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ImpersonateAction } from '../../definitions/table/actions/impersonate_action.ts'
import type { KitContext, KitUser } from '../../definitions/types.ts'
import {
  KitConfigurationException,
  RecordNotFoundException,
  UnauthorizedOperationException,
} from '../../support/errors.ts'
import { isSafePath } from '../../support/path_safety.ts'
import {
  rememberPassword,
  sessionGuard,
  userModel,
  type PanelAccount,
} from '../account/panel_account.ts'
import {
  activeImpersonation,
  forgetImpersonation,
  impersonationOf,
  rememberImpersonation,
  type ImpersonationState,
} from '../account/impersonation_state.ts'
import { askPolicy } from '../authorization/policy.ts'
import { writeAudit } from '../audit/audit_writer.ts'
import { inTransaction } from '../mutation/mutation_runner.ts'
import type { RecordSource } from '../records/record_source.ts'
import { sourceOf } from '../records/resource_source.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import { navigationFor } from '../mounts/navigation.ts'

/**
 * The audit operations of an impersonation.
 */
export const IMPERSONATION_STARTED = 'impersonate'
export const IMPERSONATION_ENDED = 'stopImpersonating'

/**
 * A user's key as the session stores it.
 */
function keyOf(user: KitUser | LucidRow | null | undefined): string | null {
  const key = (user as LucidRow | null)?.$primaryKeyValue ?? (user as KitUser | null)?.id
  return key === null || key === undefined ? null : String(key)
}

/**
 * The mount of a resource's source when its panel signs in with `login()`.
 */
function accountMount(
  source: RecordSource<any>
): { mount: ResourceMount; account: PanelAccount } | null {
  const mount = source.kind === 'resource' ? source.mount() : undefined
  const account = mount?.options.account
  return mount && account ? { mount, account } : null
}

/**
 * Whether the user may impersonate a record (fail-closed): a row of a
 * users' resource on a panel with `login()`, a signed-in user who is not
 * impersonating already and is not the target, the action's
 * `authorizeUsing()` and the resource policy's ability (`impersonate`).
 */
export async function mayImpersonate(
  source: RecordSource<any>,
  action: ImpersonateAction,
  record: LucidRow,
  context: KitContext
): Promise<boolean> {
  const mounted = accountMount(source)
  const userKey = keyOf(context.user)
  if (!mounted || !context.http || userKey === null) return false
  if (activeImpersonation(context.http, mounted.account, context.user) !== null) return false
  if (userKey === keyOf(record)) return false
  if (!(await action.allows({ record, user: context.user, http: context.http }))) return false
  const { ability } = action.impersonation()
  return askPolicy(mounted.mount.resource.policy, ability, context.user, context, record)
}

/**
 * Start impersonating a record of a users' resource (resolved through its
 * scoped query by the caller): refused with 403 unless
 * {@link mayImpersonate}; the start is written to the audit trail (by the
 * original user, on the target), then the session is signed in as the
 * target (a new session id) and remembers the original user. Returns where
 * the impersonated session lands.
 */
export async function startImpersonation(
  source: RecordSource<any>,
  action: ImpersonateAction,
  record: LucidRow,
  context: KitContext
): Promise<string> {
  const mounted = accountMount(source)
  const ctx = context.http
  if (!mounted || !ctx) {
    throw new RecordNotFoundException('Action not found')
  }
  if (!(await mayImpersonate(source, action, record, context))) {
    throw new UnauthorizedOperationException()
  }
  const { mount, account } = mounted
  /* the guard signs in instances of its own model: the target read again through it */
  const Users = await userModel(account)
  if (Users.table !== (record.constructor as { table?: string }).table) {
    throw new KitConfigurationException(
      `${mount.resource.constructor.name}: ImpersonateAction impersonates users of ${Users.table}, not records of ${(record.constructor as { table?: string }).table}`
    )
  }
  const target = (await Users.find(record.$primaryKeyValue)) as LucidRow | null
  if (!target) {
    throw new RecordNotFoundException()
  }

  /* the start in the audit trail: the original user, on the target */
  await inTransaction(source.model, (trx) =>
    writeAudit(source, context, trx, IMPERSONATION_STARTED, record, null, null)
  )

  /* signed in as the target: the guard regenerates the session id */
  const list = mount.listPage()
  const state: ImpersonationState = {
    by: keyOf(context.user)!,
    target: keyOf(target)!,
    resource: mount.resource.getSlug(),
    back: list ? mount.url(list.key) : mount.options.prefix || '/',
  }
  await sessionGuard(ctx, account).login(target, false)
  rememberPassword(ctx, account, target)
  rememberImpersonation(ctx, account, state)
  /* where the target lands: the action's path, the sign-in home, else the
     first page of the panel the target may open */
  const { redirectTo } = action.impersonation()
  const home = redirectTo ?? account.login.home
  if (home) return home
  const navigation = await navigationFor(mount, { ...context, user: target })
  return navigation.find((item) => item.url)?.url ?? (mount.options.prefix || '/')
}

/**
 * How an impersonation ended: back to the original user (`returned`, with
 * the page to land on), signed out because the original user no longer
 * exists (`signedOut`), or there was none (`none`, nothing changed).
 */
export type ImpersonationEnd =
  { status: 'returned'; back: string } | { status: 'signedOut' } | { status: 'none' }

/**
 * End the session's impersonation: write its end to the audit trail and
 * forget it. With `signOut` (sign-out while impersonating) that is all;
 * otherwise the session signs back in as the original user (a new session
 * id), or, when that user was deleted meanwhile, is signed out. A session
 * that impersonates nobody (or whose signed-in user is not the one it
 * impersonates) changes nothing.
 */
export async function endImpersonation(
  ctx: HttpContext,
  account: PanelAccount,
  mounts: ResourceMount[],
  context: Omit<KitContext, 'user'>,
  options: { signOut?: boolean } = {}
): Promise<ImpersonationEnd> {
  const state = impersonationOf(ctx, account)
  const guard = sessionGuard(ctx, account)
  await guard.check()
  if (!state || keyOf(guard.user) !== state.target) {
    return { status: 'none' }
  }
  const Users = await userModel(account)
  const original = (await Users.find(state.by)) as LucidRow | null

  /* the end in the audit trail: the original user (by id when deleted), on the target */
  const mount = mounts.find((candidate) => candidate.resource.getSlug() === state.resource)
  if (mount) {
    const user = original ?? { id: state.by }
    await inTransaction(mount.resource.model, (trx) =>
      writeAudit(
        sourceOf(mount.resource),
        { ...context, user },
        trx,
        IMPERSONATION_ENDED,
        guard.user!,
        null,
        null
      )
    )
  }
  forgetImpersonation(ctx, account)
  if (options.signOut) {
    return { status: 'signedOut' }
  }
  if (!original) {
    await guard.logout()
    ctx.session?.regenerate()
    return { status: 'signedOut' }
  }
  await guard.login(original, false)
  rememberPassword(ctx, account, original)
  return { status: 'returned', back: isSafePath(state.back) ? state.back : '/' }
}
