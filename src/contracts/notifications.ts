/*
 * adonis-kit
 *
 * Contracts of the notifications of a panel: the bell of the top bar, its
 * drawer and the answers of the notification endpoints.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

/**
 * The colors a notification may carry.
 */
export type KitNotificationColor = 'primary' | 'success' | 'warning' | 'danger' | 'gray'

/**
 * A link of a notification (`Notification.make().action(label, url)`):
 * same-origin paths and http(s) URLs only.
 */
export interface KitNotificationActionContract {
  label: string
  url: string
}

/**
 * One notification as its owner reads it.
 */
export interface KitNotificationContract {
  id: string
  title: string
  body: string | null
  /** A Heroicons outline name (`bell`, `document-text`...), or null */
  icon: string | null
  color: KitNotificationColor | null
  actions: KitNotificationActionContract[]
  /** Whether the owner marked it read */
  read: boolean
  /** ISO 8601 */
  createdAt: string
  /** The time since it was sent, in the panel's language ("5 minutes ago") */
  since: string
  /** Its mark-read (`POST`) and delete (`DELETE`) endpoint */
  url: string
}

/**
 * The answer of `GET <panel>/_notifications`: the latest notifications of
 * the signed-in user on this panel (and tenant), newest first.
 */
export interface KitNotificationListContract {
  unread: number
  /** "3 unread notifications", in the panel's language */
  unreadLabel: string
  items: KitNotificationContract[]
}

/**
 * The bell of a panel (`panel().notifications()`), in `kitPanel`.
 */
export interface KitPanelNotificationsContract {
  /** The list (`GET`), and `<url>/read-all` (`POST`) */
  url: string
  /**
   * The user's @adonisjs/transmit channel when the application has
   * transmit (null: the bell polls)
   */
  channel: string | null
  /** Seconds between two polls without transmit */
  pollSeconds: number
}

/**
 * What the user's channel carries: a notification arrived or changed (the
 * bell reads its list again), or a job of the user moved on.
 */
export type KitNotificationEvent =
  { type: 'notifications' } | { type: 'job'; id: string; status: string; percent: number }
