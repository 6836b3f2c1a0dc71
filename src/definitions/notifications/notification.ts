import type { LucidRow } from '@adonisjs/lucid/types/model'
import type {
  KitNotificationActionContract,
  KitNotificationColor,
} from '../../contracts/notifications.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { assertSafeUrl, hasControlCharacter } from '../../support/path_safety.ts'

const COLORS: KitNotificationColor[] = ['primary', 'success', 'warning', 'danger', 'gray']

/** The most actions one notification carries */
export const MAX_NOTIFICATION_ACTIONS = 3

/**
 * What a notification holds once built (what `notify()` stores).
 */
export interface NotificationData {
  title: string
  body: string | null
  icon: string | null
  color: KitNotificationColor | null
  actions: KitNotificationActionContract[]
  /** The panel it shows on (null: every panel with notifications) */
  panel: string | null
  /** The key of the tenant it belongs to (null: every tenant) */
  tenantKey: string | null
}

function text(value: unknown, max: number, where: string): string {
  if (typeof value !== 'string' || !value.trim()) {
    throw new KitConfigurationException(`${where} needs a non-empty text`)
  }
  const trimmed = value.trim()
  if (trimmed.length > max) {
    throw new KitConfigurationException(`${where} is longer than ${max} characters`)
  }
  if (hasControlCharacter(trimmed.replace(/[\n\t]/g, ' '))) {
    throw new KitConfigurationException(`${where} holds control characters`)
  }
  return trimmed
}

/**
 * A notification for one user, built fluently and sent with `notify()`:
 * a title, and optionally a body, an icon (a Heroicons outline name), a
 * color and up to three action links. It shows on every panel with
 * `notifications()`, or on one (`panel()`), for every tenant or one
 * (`tenant()`).
 *
 * @example
 * ```ts
 * import { Notification, notify } from 'adonis-kit'
 *
 * await notify(
 *   user,
 *   Notification.make('Invoice paid')
 *     .body('Invoice #42 was paid by ACME.')
 *     .icon('banknotes')
 *     .color('success')
 *     .action('Open the invoice', '/admin/invoices/42/edit')
 * )
 * ```
 */
export class Notification {
  #data: NotificationData

  protected constructor(title: string) {
    this.#data = {
      title: text(title, 255, 'Notification.make()'),
      body: null,
      icon: null,
      color: null,
      actions: [],
      panel: null,
      tenantKey: null,
    }
  }

  /**
   * A notification with its title (at most 255 characters).
   */
  static make(title: string): Notification {
    return new Notification(title)
  }

  /**
   * Its text under the title (at most 2000 characters; shown as plain text).
   */
  body(body: string | null): this {
    this.#data.body = body === null ? null : text(body, 2000, 'Notification.body()')
    return this
  }

  /**
   * Its icon: a Heroicons outline name (`document-text`, `bell`...).
   */
  icon(name: string | null): this {
    if (name !== null && (typeof name !== 'string' || !/^[a-z][a-z0-9-]{0,49}$/.test(name))) {
      throw new KitConfigurationException(
        `Notification.icon(): ${JSON.stringify(name)} is not an icon name (kebab-case, as document-text)`
      )
    }
    this.#data.icon = name
    return this
  }

  /**
   * Its color: `primary`, `success`, `warning`, `danger` or `gray`.
   */
  color(color: KitNotificationColor | null): this {
    if (color !== null && !COLORS.includes(color)) {
      throw new KitConfigurationException(
        `Notification.color(): ${JSON.stringify(color)} is not one of ${COLORS.join(', ')}`
      )
    }
    this.#data.color = color
    return this
  }

  /**
   * Add a link (a same-origin path or an http(s) URL; at most three).
   */
  action(label: string, url: string): this {
    if (this.#data.actions.length >= MAX_NOTIFICATION_ACTIONS) {
      throw new KitConfigurationException(
        `Notification.action(): at most ${MAX_NOTIFICATION_ACTIONS} actions`
      )
    }
    assertSafeUrl(url, 'Notification.action()')
    if (url.length > 2000) {
      throw new KitConfigurationException('Notification.action(): the URL is too long')
    }
    this.#data.actions.push({ label: text(label, 100, 'Notification.action()'), url })
    return this
  }

  /**
   * Show it on one panel only (its id in config/kit.ts).
   */
  panel(id: string | null): this {
    if (id !== null && (typeof id !== 'string' || !/^[a-z][a-z0-9_-]*$/.test(id))) {
      throw new KitConfigurationException(
        `Notification.panel(): invalid panel id ${JSON.stringify(id)}`
      )
    }
    this.#data.panel = id
    return this
  }

  /**
   * Show it under one tenant only (a tenant record, or its key).
   */
  tenant(tenant: LucidRow | string | number | null): this {
    if (tenant === null) {
      this.#data.tenantKey = null
      return this
    }
    const key = typeof tenant === 'object' ? tenant.$primaryKeyValue : tenant
    if (key === undefined || key === null || String(key) === '') {
      throw new KitConfigurationException('Notification.tenant(): the tenant has no key')
    }
    this.#data.tenantKey = String(key)
    return this
  }

  /**
   * What `notify()` stores.
   */
  toData(): NotificationData {
    return { ...this.#data, actions: this.#data.actions.map((action) => ({ ...action })) }
  }
}
