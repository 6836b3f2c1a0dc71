import { randomUUID } from 'node:crypto'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type {
  KitNotificationActionContract,
  KitNotificationColor,
} from '../../contracts/notifications.ts'
import type { NotificationData } from '../../definitions/notifications/notification.ts'
import { jobClient } from '../jobs/job_store.ts'

/**
 * The table of the kit's notifications (published by `node ace configure
 * adonis-kit`).
 */
export const NOTIFICATIONS_TABLE = 'kit_notifications'

/** How many notifications the drawer lists (the newest) */
export const NOTIFICATION_LIST_LIMIT = 50

/**
 * One stored notification.
 */
export interface NotificationRecord {
  id: string
  userId: string
  panel: string | null
  tenantKey: string | null
  title: string
  body: string | null
  icon: string | null
  color: KitNotificationColor | null
  actions: KitNotificationActionContract[]
  readAt: Date | null
  createdAt: Date
}

/**
 * Whose notifications a request reads: the signed-in user, on one panel,
 * under one tenant (null on a panel without tenancy).
 */
export interface NotificationOwner {
  userId: string
  panel: string
  tenantKey: string | null
}

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null
  return value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value))
}

function parseActions(value: unknown): KitNotificationActionContract[] {
  try {
    const parsed = typeof value === 'string' ? JSON.parse(value) : value
    return Array.isArray(parsed) ? parsed : []
  } catch {
    return []
  }
}

function fromRow(row: Record<string, any>): NotificationRecord {
  return {
    id: row.id,
    userId: String(row.user_id),
    panel: row.panel ?? null,
    tenantKey: row.tenant_key ?? null,
    title: row.title,
    body: row.body ?? null,
    icon: row.icon ?? null,
    color: row.color ?? null,
    actions: parseActions(row.actions),
    readAt: toDate(row.read_at),
    createdAt: toDate(row.created_at)!,
  }
}

/**
 * Whether a value has the shape of a notification id (anything else is
 * never sent to the database).
 */
export function isNotificationId(id: unknown): id is string {
  return (
    typeof id === 'string' &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)
  )
}

/**
 * Store a notification for a user (on the given client: a transaction's,
 * so it is written with the work it reports).
 */
export async function insertNotification(
  userId: string,
  data: NotificationData,
  client: QueryClientContract = jobClient()
): Promise<string> {
  const id = randomUUID()
  const now = new Date()
  await client
    .insertQuery()
    .table(NOTIFICATIONS_TABLE)
    .insert({
      id,
      user_id: userId,
      panel: data.panel,
      tenant_key: data.tenantKey,
      title: data.title,
      body: data.body,
      icon: data.icon,
      color: data.color,
      actions: data.actions.length ? JSON.stringify(data.actions) : null,
      read_at: null,
      created_at: now,
      updated_at: now,
    })
  return id
}

/**
 * The one query every read and write of a request starts from: the
 * owner's notifications that show on this panel (its own, or for every
 * panel) under this tenant (its own, or for every tenant; on a panel
 * without tenancy, only those for every tenant).
 */
function owned(owner: NotificationOwner, client: QueryClientContract = jobClient()) {
  return client
    .query()
    .from(NOTIFICATIONS_TABLE)
    .where('user_id', owner.userId)
    .where((query) => query.whereNull('panel').orWhere('panel', owner.panel))
    .where((query) => {
      query.whereNull('tenant_key')
      if (owner.tenantKey !== null) query.orWhere('tenant_key', owner.tenantKey)
    })
}

function affectedRows(result: unknown): number {
  return Array.isArray(result) ? Number(result[0] ?? 0) : Number(result)
}

/**
 * The owner's newest notifications (at most {@link NOTIFICATION_LIST_LIMIT}).
 */
export async function listNotifications(owner: NotificationOwner): Promise<NotificationRecord[]> {
  const rows = await owned(owner)
    .select('*')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATION_LIST_LIMIT)
  return rows.map(fromRow)
}

/**
 * How many of the owner's notifications are unread.
 */
export async function unreadCount(owner: NotificationOwner): Promise<number> {
  const row = await owned(owner).whereNull('read_at').count('* as total').first()
  return Number(row?.total ?? 0)
}

/**
 * Mark one of the owner's notifications read: false when the id is not
 * one of them.
 */
export async function markNotificationRead(owner: NotificationOwner, id: string): Promise<boolean> {
  const now = new Date()
  const found = await owned(owner).where('id', id).select('id', 'read_at').first()
  if (!found) return false
  if (found.read_at === null) {
    await owned(owner)
      .where('id', id)
      .whereNull('read_at')
      .update({ read_at: now, updated_at: now })
  }
  return true
}

/**
 * Mark every unread notification of the owner read; answers how many.
 */
export async function markAllNotificationsRead(owner: NotificationOwner): Promise<number> {
  const now = new Date()
  return affectedRows(
    await owned(owner).whereNull('read_at').update({ read_at: now, updated_at: now })
  )
}

/**
 * Delete one of the owner's notifications: false when the id is not one
 * of them.
 */
export async function deleteNotification(owner: NotificationOwner, id: string): Promise<boolean> {
  return affectedRows(await owned(owner).where('id', id).delete()) > 0
}
