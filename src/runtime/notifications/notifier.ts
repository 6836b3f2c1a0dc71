import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { KitNotificationEvent } from '../../contracts/notifications.ts'
import { Notification } from '../../definitions/notifications/notification.ts'
import type { KitUser } from '../../definitions/types.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import debug from '../../support/debug.ts'
import { insertNotification } from './notification_store.ts'

/**
 * Sends an event on a channel (the application's @adonisjs/transmit).
 */
export type NotificationBroadcaster = (channel: string, event: KitNotificationEvent) => void

let broadcaster: NotificationBroadcaster | null = null

/**
 * Send the user's events through this broadcaster (the provider sets
 * @adonisjs/transmit's when the application has it; null: the bell polls).
 */
export function useNotificationBroadcaster(next: NotificationBroadcaster | null) {
  broadcaster = next
}

/**
 * Whether events go out live (the application has @adonisjs/transmit).
 */
export function broadcastsLive(): boolean {
  return broadcaster !== null
}

/**
 * The channel of a user's events, `kit/notifications/<user id>` (null for
 * an id a channel name cannot hold: that user's bell polls).
 */
export function notificationChannel(userId: string): string | null {
  return /^[A-Za-z0-9_-]{1,191}$/.test(userId) ? `kit/notifications/${userId}` : null
}

/**
 * The id notifications are stored under for a user (a model, or its key).
 */
export function notifiableKey(user: KitUser | string | number | null | undefined): string | null {
  if (user === null || user === undefined) return null
  if (typeof user === 'string' || typeof user === 'number') {
    return String(user) === '' ? null : String(user)
  }
  const id = user.$primaryKeyValue ?? user.id
  return id === undefined || id === null || String(id) === '' ? null : String(id)
}

/**
 * Send an event on a user's channel (nothing without transmit).
 */
export function broadcastToUser(userId: string, event: KitNotificationEvent) {
  const channel = notificationChannel(userId)
  if (!broadcaster || !channel) return
  try {
    broadcaster(channel, event)
  } catch (error) {
    debug('notification broadcast on %s: %O', channel, error)
  }
}

/**
 * Store a notification for a user and tell their open pages (live with
 * @adonisjs/transmit; otherwise the bell finds it at its next poll).
 * Inside an action or a hook, pass its transaction as `client`: the
 * notification is written with the work and announced after the commit.
 * Answers the notification's id.
 *
 * @example
 * ```ts
 * await notify(user, Notification.make('Import finished').color('success'))
 * // in an action: .action(async ({ record, trx, user }) => {
 * //   await notify(record.authorId, Notification.make('Published'), { client: trx })
 * // })
 * ```
 */
export async function notify(
  user: KitUser | string | number,
  notification: Notification,
  options: { client?: QueryClientContract } = {}
): Promise<string> {
  if (!(notification instanceof Notification)) {
    throw new KitConfigurationException('notify(): pass a Notification.make() notification')
  }
  const userId = notifiableKey(user)
  if (userId === null) {
    throw new KitConfigurationException('notify(): the user has no key')
  }
  if (userId.length > 191) {
    throw new KitConfigurationException('notify(): the user key is longer than 191 characters')
  }
  const id = await insertNotification(userId, notification.toData(), options.client)
  const announce = () => broadcastToUser(userId, { type: 'notifications' })
  const client = options.client as (QueryClientContract & { after?: Function }) | undefined
  if (client?.isTransaction && typeof client.after === 'function') {
    client.after('commit', announce)
  } else {
    announce()
  }
  return id
}
