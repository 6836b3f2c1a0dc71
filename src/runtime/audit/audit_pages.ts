import { DateTime } from 'luxon'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { AuditEntryContract, AuditPageContract } from '../../contracts/audit.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { sentenceCase } from '../../definitions/resource/labels.ts'
import { Tenancy } from '../../definitions/tenancy/tenancy.ts'
import type { KitContext } from '../../definitions/types.ts'
import { contextTranslator, type KitTranslator } from '../../i18n/translator.ts'
import type { KitMessageKey } from '../../i18n/en.ts'
import { UnauthorizedOperationException } from '../../support/errors.ts'
import { DEFAULT_PRESENTATION } from '../../support/value_format.ts'
import { findRecord, qualifiedKey, scopedQuery } from '../query/scoped_query.ts'
import { openableRecordUrl } from '../pages/record_links.ts'
import { breadcrumbsTo } from '../pages/breadcrumbs.ts'
import { isHiddenAttribute } from '../../definitions/resource/serialize_value.ts'
import { auditValues, type AuditValues } from './audit_values.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import type { KitAuditEntry } from '../../definitions/audit/audit_entry.ts'
import { AUDIT_DISABLED, type AuditSettings } from './audit_settings.ts'
import { askPolicy } from '../authorization/policy.ts'
import { allows, authorize } from '../authorization/authorizer.ts'
import type { AuditLinkContract } from '../../contracts/audit.ts'
import type { LucidModel } from '@adonisjs/lucid/types/model'

/**
 * Entries per page of the history and activity lists.
 */
export const AUDIT_PAGE_SIZE = 25

/**
 * The ability of the audit policy that opens a panel's activity list
 * (fail-closed: without it, nobody sees the activity list).
 */
export const ACTIVITY_ABILITY = 'viewActivity'

/**
 * The history URL of a record: its record endpoint followed by `/history`.
 */
export function historyUrl(mount: ResourceMount, record: LucidRow): string {
  return `${mount.recordUrl(record)}/history`
}

/**
 * The URL of the activity list of a mount's panel (with the current
 * tenant's segment): `<prefix>/_activity`.
 */
export function activityUrl(mount: ResourceMount): string {
  const base = mount.recordUrl()
  const slug = `/${mount.resource.getSlug()}`
  const prefix = base.endsWith(slug) ? base.slice(0, -slug.length) : base
  return `${prefix}/_activity`
}

/**
 * Whether the mount records an audit trail (the History page exists).
 */
export function hasHistory(mount: ResourceMount): boolean {
  return (mount.options.audit ?? AUDIT_DISABLED).enabled && !mount.isNested()
}

function operationLabel(entry: KitAuditEntry, t: KitTranslator): string {
  const relation = entry.relation ?? ''
  const relationWrite = ['attach', 'detach', 'associate', 'dissociate'].includes(entry.operation)
  const key = (
    entry.relation && !relationWrite
      ? `audit.operation.relation.${entry.operation}`
      : `audit.operation.${entry.operation}`
  ) as KitMessageKey
  const text = t.t(key, { relation })
  /* a custom action's name: "publishNow" shows as "Publish now" */
  return text === key ? sentenceCase(entry.operation) : text
}

function serializeEntry(
  entry: KitAuditEntry,
  context: KitContext,
  values: AuditValues,
  record: AuditEntryContract['record'],
  users: Map<string, AuditLinkContract>,
  presentation = DEFAULT_PRESENTATION
): AuditEntryContract {
  const t = contextTranslator(context)
  const at = DateTime.isDateTime(entry.createdAt)
    ? entry.createdAt
    : DateTime.fromJSDate(new Date(entry.createdAt as unknown as string))
  return {
    id: entry.id,
    at: at.toUTC().toISO() ?? '',
    when: at
      .setZone(presentation.timeZone)
      .setLocale(t.locale)
      .toLocaleString(DateTime.DATETIME_MED_WITH_SECONDS),
    user:
      entry.userId === null
        ? { label: t.t('audit.guest'), url: null }
        : (users.get(entry.userId) ?? {
            label: t.t('audit.user', { id: entry.userId }),
            url: null,
          }),
    operation: operationLabel(entry, t),
    record,
    changes: Object.entries(entry.changes ?? {})
      .filter(([attribute], _, all) => values.shows(attribute, all.length))
      .map(([attribute, change]) => {
        const old = values.value(attribute, change?.old)
        const next = values.value(attribute, change?.new)
        return {
          field: values.label(attribute),
          old: old.text,
          new: next.text,
          ...(old.url ? { oldUrl: old.url } : {}),
          ...(next.url ? { newUrl: next.url } : {}),
          ...(old.empty ? { oldEmpty: true } : {}),
          ...(next.empty ? { newEmpty: true } : {}),
        }
      }),
  }
}

/**
 * The records of some audit rows, read with one query through the
 * resource's scoped query (its scoping, the tenant, the trash), each with
 * its title and the page the user may open: records outside the scope,
 * deleted or that the user may neither view nor edit are left out (the row
 * shows their key only).
 */
async function visibleRecords(
  mount: ResourceMount,
  context: KitContext,
  keys: Iterable<string>
): Promise<Map<string, AuditLinkContract>> {
  const visible = new Map<string, AuditLinkContract>()
  const resource = mount.resource
  const valid = [...new Set(keys)].filter((key) => resource.isValidRecordKey(key))
  if (!valid.length || mount.isNested()) {
    return visible
  }
  const records = await scopedQuery(resource, context).whereIn(qualifiedKey(resource.model), valid)
  for (const record of records) {
    const url = await openableRecordUrl(mount, record, context)
    if (url || (await allows(resource, ResourceOperation.View, record, context))) {
      visible.set(String(record.$primaryKeyValue), { label: resource.recordTitle(record), url })
    }
  }
  return visible
}

/**
 * Whether a value is a Lucid model class.
 */
function isModel(value: unknown): value is LucidModel {
  return typeof value === 'function' && 'query' in value && '$getColumn' in value
}

/**
 * What the values formatter needs to name related records: the panel's
 * mount of a model, and the titles of records through its scoped query.
 */
function valueHelpers(mounts: ResourceMount[], context: KitContext) {
  return {
    mountOf: (model: LucidModel) =>
      mounts.find((candidate) => candidate.resource.model === model && !candidate.isNested()),
    titles: (mount: ResourceMount, keys: string[]) => visibleRecords(mount, context, keys),
  }
}

/**
 * Attributes a user is named by when `userTitle` is not configured: the
 * first the user model has as a visible column.
 */
export const DEFAULT_USER_TITLES = ['fullName', 'name', 'username', 'email']

/**
 * A user's title: an attribute, or a function of the user.
 */
type UserTitle = string | ((user: LucidRow) => string)

/**
 * What names a user: the configured `userTitle`, and those of
 * {@link DEFAULT_USER_TITLES} the user model has as visible columns (a user
 * whose first title is empty is named by the next).
 */
function userTitlesOf(
  settings: AuditSettings,
  model: LucidModel
): { configured?: UserTitle; defaults: UserTitle[] } {
  return {
    configured: settings.userTitle ?? undefined,
    defaults: DEFAULT_USER_TITLES.filter(
      (attribute) => model.$hasColumn(attribute) && !isHiddenAttribute(model, attribute)
    ),
  }
}

/**
 * How the acting users of audit rows are shown, by user id: the configured
 * `userTitle` (an attribute or a function of the user), else the record
 * title of the panel's users' resource when it declares a title attribute
 * and the current user may view that user, else the first of fullName,
 * name, username or email the user model has (when the panel has a users'
 * resource, for the users the current user may view only), else that
 * resource's record title, else "User #id"; linked to the user's page when the current user
 * may open it. Users are read with at most two queries, whatever the
 * number of rows.
 */
async function userLinks(
  mounts: ResourceMount[],
  settings: AuditSettings,
  context: KitContext,
  rows: KitAuditEntry[]
): Promise<Map<string, AuditLinkContract>> {
  const links = new Map<string, AuditLinkContract>()
  const ids = [...new Set(rows.map((row) => row.userId).filter((id) => id !== null))]
  const model = context.user?.constructor
  if (!ids.length || !isModel(model)) {
    return links
  }
  const mount = mounts.find(
    (candidate) => candidate.resource.model === model && !candidate.isNested()
  )
  const linked = mount ? await visibleRecords(mount, context, ids) : new Map()
  const { configured, defaults } = userTitlesOf(settings, model)
  /* a users' resource that names its records by an attribute names them here too */
  const titled = !!mount?.resource.recordTitleAttribute()
  if (configured || defaults.length) {
    const users = await model.query().whereIn(qualifiedKey(model), ids)
    const titleOf = (user: LucidRow, title: UserTitle | undefined) => {
      const value = !title
        ? null
        : typeof title === 'function'
          ? title(user)
          : user.$getAttribute(title)
      return value !== null && value !== undefined && String(value).trim() !== ''
        ? String(value)
        : null
    }
    for (const user of users) {
      const id = String(user.$primaryKeyValue)
      const label =
        titleOf(user, configured) ??
        (titled ? linked.get(id)?.label : null) ??
        /* a users' resource keeps the users outside its scope unnamed */
        (!mount || linked.has(id)
          ? defaults.map((title) => titleOf(user, title)).find((value) => value !== null)
          : null)
      if (label) {
        links.set(id, { label, url: linked.get(id)?.url ?? null })
      }
    }
  }
  for (const [id, link] of linked) {
    if (!links.has(id)) {
      links.set(id, link)
    }
  }
  return links
}

function headings(t: KitTranslator): AuditPageContract['headings'] {
  return {
    when: t.t('audit.heading.when'),
    user: t.t('audit.heading.user'),
    operation: t.t('audit.heading.operation'),
    record: t.t('audit.heading.record'),
    changes: t.t('audit.heading.changes'),
    field: t.t('audit.heading.field'),
    old: t.t('audit.heading.old'),
    new: t.t('audit.heading.new'),
  }
}

/**
 * The page number a query asks for (1 when absent or malformed).
 */
function pageOf(query: Record<string, unknown>): number {
  const page = Number(query.page)
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}

function pagination(
  url: string,
  page: number,
  hasMore: boolean,
  t: KitTranslator
): AuditPageContract['pagination'] {
  const at = (target: number) => (target === 1 ? url : `${url}?page=${target}`)
  return {
    previous: page > 1 ? { url: at(page - 1), label: t.t('audit.previous') } : null,
    next: hasMore ? { url: at(page + 1), label: t.t('audit.next') } : null,
  }
}

/**
 * The current tenant's key, or null: activity rows are read for it only.
 */
function currentTenantKey(): string | null {
  const key = Tenancy.current()?.$primaryKeyValue
  return key === null || key === undefined ? null : String(key)
}

/**
 * The History page of one record: the record resolved through the scoped
 * query (404 outside it), its `view` ability authorized (403), then its
 * audit rows, newest first, a page at a time.
 */
export async function historyPage(
  mount: ResourceMount,
  context: KitContext,
  key: unknown,
  query: Record<string, unknown>
): Promise<AuditPageContract> {
  const resource = mount.resource
  const record = await findRecord(resource, context, key)
  await authorize(resource, ResourceOperation.View, record, context)
  const t = contextTranslator(context)
  const settings = mount.options.audit ?? AUDIT_DISABLED
  const page = pageOf(query)
  const rows = await settings.model
    .query()
    .where('resource', resource.getSlug())
    .where('record_key', String(record.$primaryKeyValue))
    .where((builder) => {
      if (mount.options.panelId === null) {
        builder.whereNull('panel')
      } else {
        builder.where('panel', mount.options.panelId)
      }
    })
    .orderBy('id', 'desc')
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .limit(AUDIT_PAGE_SIZE + 1)
  const title = resource.recordTitle(record)
  const back = await openableRecordUrl(mount, record, context)
  const shown = rows.slice(0, AUDIT_PAGE_SIZE)
  const mounts = mount.options.panelMounts ?? [mount]
  const users = await userLinks(mounts, settings, context, shown)
  const values = await auditValues(mount, shown, context, t, valueHelpers(mounts, context))
  return {
    kind: 'history',
    title: t.t('audit.history.title', { title }),
    back: back ? { url: back, label: t.t('audit.back', { title }) } : null,
    breadcrumbs: await breadcrumbsTo(mount, record, context, t.t('audit.history.link')),
    headings: headings(t),
    empty: t.t('audit.empty'),
    entries: shown.map((row) =>
      serializeEntry(row, context, values, null, users, mount.options.presentation)
    ),
    pagination: pagination(historyUrl(mount, record), page, rows.length > AUDIT_PAGE_SIZE, t),
  }
}

/**
 * Whether the user may see a panel's activity list: only a literal `true`
 * from the `viewActivity(user, panelId)` ability of the audit policy
 * allows; no policy, no ability or a guest denies (fail-closed).
 */
export async function allowsActivity(
  settings: AuditSettings,
  context: KitContext,
  panelId: string
): Promise<boolean> {
  if (!settings.policy) {
    return false
  }
  const decision = await askPolicy(
    settings.policy,
    ACTIVITY_ABILITY,
    context.user,
    context,
    panelId
  )
  return decision === true
}

/**
 * A panel's activity list: authorized by the `viewKitActivity` ability
 * (fail-closed, 403), the panel's audit rows of the current tenant, newest
 * first, each with a link to its record when the user may open it.
 */
export async function activityPage(
  panelId: string,
  mounts: ResourceMount[],
  context: KitContext,
  url: string,
  query: Record<string, unknown>
): Promise<AuditPageContract> {
  const settings = mounts[0]?.options.audit ?? AUDIT_DISABLED
  if (!(await allowsActivity(settings, context, panelId))) {
    throw new UnauthorizedOperationException()
  }
  const t = contextTranslator(context)
  const page = pageOf(query)
  const tenant = currentTenantKey()
  const rows = await settings.model
    .query()
    .where('panel', panelId)
    .where((builder) => {
      if (tenant === null) {
        builder.whereNull('tenant')
      } else {
        builder.where('tenant', tenant)
      }
    })
    .orderBy('id', 'desc')
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .limit(AUDIT_PAGE_SIZE + 1)
  const shown = rows.slice(0, AUDIT_PAGE_SIZE)
  const bySlug = new Map<string, ResourceMount>()
  for (const mount of mounts) {
    const slug = mount.resource.getSlug()
    if (!bySlug.has(slug) || bySlug.get(slug)!.isNested()) {
      bySlug.set(slug, mount)
    }
  }
  /* one query per resource for the records' titles, whatever the rows */
  const records = new Map<ResourceMount, Map<string, AuditLinkContract>>()
  for (const mount of new Set(shown.map((row) => bySlug.get(row.resource)))) {
    if (mount) {
      const keys = shown
        .filter((row) => bySlug.get(row.resource) === mount)
        .map((row) => row.recordKey)
      records.set(mount, await visibleRecords(mount, context, keys))
    }
  }
  const users = await userLinks(mounts, settings, context, shown)
  /* each resource's values formatter, over its own rows */
  const helpers = valueHelpers(mounts, context)
  const formatters = new Map<ResourceMount | undefined, AuditValues>()
  for (const mount of new Set(shown.map((row) => bySlug.get(row.resource)))) {
    const own = shown.filter((row) => bySlug.get(row.resource) === mount)
    formatters.set(mount, await auditValues(mount, own, context, t, helpers))
  }
  const entries: AuditEntryContract[] = []
  for (const row of shown) {
    const mount = bySlug.get(row.resource)
    let record: AuditLinkContract = { label: `${row.resource} #${row.recordKey}`, url: null }
    if (mount) {
      record = records.get(mount)?.get(row.recordKey) ?? {
        label: `${mount.resource.getLabel()} #${row.recordKey}`,
        url: null,
      }
    }
    entries.push(
      serializeEntry(
        row,
        context,
        formatters.get(mount)!,
        record,
        users,
        mounts[0]?.options.presentation
      )
    )
  }
  return {
    kind: 'activity',
    title: t.t('audit.activity.title'),
    back: null,
    breadcrumbs: [{ label: t.t('audit.activity.title'), url: null, current: true }],
    headings: headings(t),
    empty: t.t('audit.empty'),
    entries,
    pagination: pagination(url, page, rows.length > AUDIT_PAGE_SIZE, t),
  }
}
