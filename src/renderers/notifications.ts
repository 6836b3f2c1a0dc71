/*
 * The notifications of a panel, shared by both renderers: one feed per
 * notification URL, kept across page visits, fed live over the
 * application's @adonisjs/transmit client (registered with
 * `registerKitTransmit()`) when the server names a channel, else polled.
 */

import type {
  KitNotificationEvent,
  KitNotificationListContract,
  KitPanelNotificationsContract,
} from '../contracts/main.ts'
import { jsonMutationHeaders } from './errors.ts'

/**
 * What the kit uses of an `@adonisjs/transmit-client` `Transmit` instance.
 */
export interface KitTransmitClient {
  subscription(channel: string): {
    create(): Promise<void>
    delete(): Promise<void>
    readonly isCreated: boolean
    onMessage<T>(handler: (message: T) => void): () => void
  }
}

let transmitClient: KitTransmitClient | null = null

/**
 * Hand the kit the application's transmit client: the bell then listens
 * on the user's channel instead of polling.
 *
 * @example
 * ```ts
 * import { Transmit } from '@adonisjs/transmit-client'
 * import { registerKitTransmit } from 'adonis-kit/react' // or 'adonis-kit/vue'
 *
 * registerKitTransmit(new Transmit({ baseUrl: window.location.origin }))
 * ```
 */
export function registerKitTransmit(client: KitTransmitClient | null) {
  transmitClient = client
}

/**
 * The state of a feed: the list (null until loaded), whether the last
 * load failed, and how it is fed.
 */
export interface NotificationFeedState {
  list: KitNotificationListContract | null
  failed: boolean
  mode: 'live' | 'polling' | 'idle'
}

type Listener = (state: NotificationFeedState) => void

/**
 * The notifications of one panel (and tenant) for the signed-in user.
 */
export class NotificationFeed {
  #config: KitPanelNotificationsContract
  #state: NotificationFeedState = { list: null, failed: false, mode: 'idle' }
  #listeners = new Set<Listener>()
  #jobListeners = new Set<(event: Extract<KitNotificationEvent, { type: 'job' }>) => void>()
  #timer: ReturnType<typeof setTimeout> | null = null
  #stopTimer: ReturnType<typeof setTimeout> | null = null
  #unsubscribe: (() => void) | null = null
  #subscription: ReturnType<KitTransmitClient['subscription']> | null = null
  #loading: Promise<void> | null = null
  #again = false

  constructor(config: KitPanelNotificationsContract) {
    this.#config = config
  }

  get state(): NotificationFeedState {
    return this.#state
  }

  #publish(next: Partial<NotificationFeedState>) {
    this.#state = { ...this.#state, ...next }
    for (const listener of this.#listeners) listener(this.#state)
  }

  /**
   * Be told of every change; the first listener starts the feed, and it
   * stops a moment after the last one leaves (a page visit keeps it).
   */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener)
    if (this.#stopTimer) {
      clearTimeout(this.#stopTimer)
      this.#stopTimer = null
    }
    if (this.#state.mode === 'idle') void this.#start()
    return () => {
      this.#listeners.delete(listener)
      if (!this.#listeners.size) {
        this.#stopTimer = setTimeout(() => this.#stop(), 2000)
      }
    }
  }

  /** Be told of the user's job events (live only). */
  onJob(listener: (event: Extract<KitNotificationEvent, { type: 'job' }>) => void) {
    this.#jobListeners.add(listener)
    return () => this.#jobListeners.delete(listener)
  }

  async #start() {
    const channel = this.#config.channel
    const client = transmitClient
    this.#publish({ mode: channel && client ? 'live' : 'polling' })
    void this.refresh()
    if (channel && client) {
      try {
        const subscription = client.subscription(channel)
        this.#unsubscribe = subscription.onMessage<KitNotificationEvent>((event) =>
          this.#receive(event)
        )
        await subscription.create()
        this.#subscription = subscription
        if (subscription.isCreated) return
      } catch {
        /* refused or unreachable: poll instead */
      }
      this.#unsubscribe?.()
      this.#unsubscribe = null
      this.#publish({ mode: 'polling' })
    }
    this.#schedule()
  }

  #stop() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.#unsubscribe?.()
    this.#unsubscribe = null
    void this.#subscription?.delete().catch(() => undefined)
    this.#subscription = null
    this.#publish({ mode: 'idle' })
  }

  #schedule() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = setTimeout(async () => {
      this.#timer = null
      if (this.#state.mode !== 'polling') return
      await this.refresh()
      if (this.#state.mode === 'polling') this.#schedule()
    }, this.#config.pollSeconds * 1000)
  }

  #receive(event: KitNotificationEvent) {
    if (event?.type === 'notifications') void this.refresh()
    else if (event?.type === 'job') for (const listener of this.#jobListeners) listener(event)
  }

  /**
   * Read the list again (one request at a time; a call during a load
   * loads once more after it).
   */
  refresh(): Promise<void> {
    if (this.#loading) {
      this.#again = true
      return this.#loading
    }
    this.#loading = (async () => {
      try {
        const response = await fetch(this.#config.url, {
          headers: { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          credentials: 'same-origin',
        })
        if (!response.ok) throw new Error(String(response.status))
        this.#publish({
          list: (await response.json()) as KitNotificationListContract,
          failed: false,
        })
      } catch {
        this.#publish({ failed: true })
      } finally {
        this.#loading = null
        if (this.#again) {
          this.#again = false
          void this.refresh()
        }
      }
    })()
    return this.#loading
  }

  async #write(method: 'POST' | 'DELETE', url: string) {
    try {
      const response = await fetch(url, {
        method,
        headers: jsonMutationHeaders(),
        credentials: 'same-origin',
        body: method === 'POST' ? '{}' : undefined,
      })
      if (!response.ok) throw new Error(String(response.status))
      this.#publish({ list: (await response.json()) as KitNotificationListContract, failed: false })
    } catch {
      this.#publish({ failed: true })
      await this.refresh()
    }
  }

  /** Mark one notification read. */
  markRead(url: string) {
    return this.#write('POST', `${url}/read`)
  }

  /** Mark every notification read. */
  markAllRead() {
    return this.#write('POST', `${this.#config.url}/read-all`)
  }

  /** Delete one notification. */
  remove(url: string) {
    return this.#write('DELETE', url)
  }
}

const feeds = new Map<string, NotificationFeed>()

/**
 * The feed of a panel's notifications (one per URL and channel).
 */
export function notificationFeed(config: KitPanelNotificationsContract): NotificationFeed {
  const key = `${config.url} ${config.channel ?? ''} ${config.pollSeconds}`
  let feed = feeds.get(key)
  if (!feed) {
    feed = new NotificationFeed(config)
    feeds.set(key, feed)
  }
  return feed
}
