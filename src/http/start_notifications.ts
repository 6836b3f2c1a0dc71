import type { ApplicationService } from '@adonisjs/core/types'
import type { HttpContext } from '@adonisjs/core/http'
import type { KitManager } from './kit_manager.ts'
import type { KitNotificationEvent } from '../contracts/notifications.ts'
import { notifyJobOwners } from '../runtime/notifications/job_notifications.ts'
import { notifiableKey, useNotificationBroadcaster } from '../runtime/notifications/notifier.ts'

/**
 * What the kit uses of @adonisjs/transmit's `transmit` binding.
 */
interface TransmitLike {
  authorize<Params extends Record<string, string>>(
    channel: string,
    callback: (ctx: HttpContext, params: Params) => Promise<boolean> | boolean
  ): void
  broadcast(channel: string, payload: KitNotificationEvent): void
}

let stopJobNotifications: (() => void) | null = null

/**
 * Start the notifications at boot when a panel has them: job owners are
 * told of their jobs, and with @adonisjs/transmit, events go out live on
 * `kit/notifications/<user id>`, a channel only that user may subscribe
 * to (the kit's user resolver decides who the subscriber is).
 */
export async function startNotifications(app: ApplicationService, kit: KitManager) {
  if (!kit.config.panels.some(({ panel }) => panel.getNotifications())) {
    return
  }
  stopJobNotifications?.()
  stopJobNotifications = notifyJobOwners()
  if (!app.container.hasBinding('transmit')) {
    useNotificationBroadcaster(null)
    return
  }
  const transmit = (await app.container.make('transmit' as any)) as TransmitLike
  transmit.authorize<{ user: string }>('kit/notifications/:user', async (ctx, params) => {
    const userId = notifiableKey((await kit.config.user(ctx)) ?? null)
    return userId !== null && userId === params.user
  })
  useNotificationBroadcaster((channel, event) => transmit.broadcast(channel, event))
}

/**
 * Stop listening to jobs (the app is terminating).
 */
export function stopNotifications() {
  stopJobNotifications?.()
  stopJobNotifications = null
  useNotificationBroadcaster(null)
}
