import type { HttpContext, Router } from '@adonisjs/core/http'
import type { KitNotificationListContract } from '../contracts/notifications.ts'
import { Tenancy } from '../definitions/tenancy/tenancy.ts'
import { requestTranslator } from '../i18n/request.ts'
import type { KitTranslator } from '../i18n/translator.ts'
import type { MountOptions } from '../runtime/mounts/resource_mount.ts'
import { notificationsPath } from '../runtime/notifications/notification_paths.ts'
import {
  deleteNotification,
  isNotificationId,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadCount,
  type NotificationOwner,
} from '../runtime/notifications/notification_store.ts'
import { broadcastToUser, notifiableKey } from '../runtime/notifications/notifier.ts'
import { RecordNotFoundException, UnauthorizedOperationException } from '../support/errors.ts'
import { joinPath } from '../support/path_safety.ts'
import { sinceText } from '../support/value_format.ts'
import { toRouteMiddleware } from './middleware.ts'
import { requestScopeMiddleware, tenantMiddleware } from './tenant_middleware.ts'

type NotificationRouteOptions = Pick<
  MountOptions,
  | 'prefix'
  | 'name'
  | 'middleware'
  | 'mutationMiddleware'
  | 'resolveUser'
  | 'panelId'
  | 'tenant'
  | 'presentation'
>

/**
 * Whose notifications the request reads: the signed-in user, this panel,
 * the request's tenant. Without a user: 403.
 */
async function ownerOf(
  ctx: HttpContext,
  options: NotificationRouteOptions
): Promise<NotificationOwner> {
  const userId = notifiableKey((await options.resolveUser(ctx)) ?? null)
  if (userId === null) {
    throw new UnauthorizedOperationException()
  }
  const tenant = Tenancy.current()
  return {
    userId,
    panel: options.panelId!,
    tenantKey: tenant ? String(tenant.$primaryKeyValue) : null,
  }
}

/**
 * The owner's notification list as the drawer reads it.
 */
async function listAnswer(
  owner: NotificationOwner,
  base: string,
  translator: KitTranslator
): Promise<KitNotificationListContract> {
  const [items, unread] = await Promise.all([listNotifications(owner), unreadCount(owner)])
  const now = new Date()
  return {
    unread,
    unreadLabel: translator.t('notifications.unread', { count: unread }),
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      body: item.body,
      icon: item.icon,
      color: item.color,
      actions: item.actions,
      read: item.readAt !== null,
      createdAt: item.createdAt.toISOString(),
      since: sinceText(item.createdAt, translator.locale, now),
      url: joinPath(base, item.id),
    })),
  }
}

/**
 * Register a panel's notification endpoints under `<prefix>/_notifications`,
 * each scoped to the signed-in user, the panel and the tenant (another
 * user's notification answers 404 and changes nothing):
 *
 * - `GET    /_notifications` the newest notifications and the unread count
 * - `POST   /_notifications/read-all` mark every one read
 * - `POST   /_notifications/:notification/read` mark one read
 * - `DELETE /_notifications/:notification` delete one
 *
 * Every write answers the list as it now is.
 */
export function registerNotificationRoutes(router: Router, options: NotificationRouteOptions) {
  const tenant = options.tenant
  const pattern = joinPath(
    tenant ? `/:${tenant.parameter ?? 'tenant'}` : '',
    notificationsPath(options.prefix)
  )
  const name = `${options.name}.notifications`
  /* the base of the item URLs: the request's own path (tenant segment filled) */
  const base = (ctx: HttpContext) => {
    const path = ctx.request.url()
    const index = path.lastIndexOf('/_notifications')
    return path.slice(0, index + '/_notifications'.length)
  }
  const answer = async (ctx: HttpContext, owner: NotificationOwner) =>
    ctx.response.ok(
      await listAnswer(owner, base(ctx), requestTranslator(ctx, options.presentation))
    )
  const known = (ctx: HttpContext) => {
    const id = ctx.params.notification
    if (!isNotificationId(id)) throw new RecordNotFoundException('Notification not found')
    return id
  }

  const reads = [
    router
      .get(pattern, async (ctx: HttpContext) => answer(ctx, await ownerOf(ctx, options)))
      .as(`${name}.index`),
  ]
  const writes = [
    router
      .post(joinPath(pattern, 'read-all'), async (ctx: HttpContext) => {
        const owner = await ownerOf(ctx, options)
        if (await markAllNotificationsRead(owner)) {
          broadcastToUser(owner.userId, { type: 'notifications' })
        }
        return answer(ctx, owner)
      })
      .as(`${name}.readAll`),
    router
      .post(joinPath(pattern, ':notification', 'read'), async (ctx: HttpContext) => {
        const owner = await ownerOf(ctx, options)
        if (!(await markNotificationRead(owner, known(ctx)))) {
          throw new RecordNotFoundException('Notification not found')
        }
        broadcastToUser(owner.userId, { type: 'notifications' })
        return answer(ctx, owner)
      })
      .as(`${name}.read`),
    router
      .delete(joinPath(pattern, ':notification'), async (ctx: HttpContext) => {
        const owner = await ownerOf(ctx, options)
        if (!(await deleteNotification(owner, known(ctx)))) {
          throw new RecordNotFoundException('Notification not found')
        }
        broadcastToUser(owner.userId, { type: 'notifications' })
        return answer(ctx, owner)
      })
      .as(`${name}.destroy`),
  ]
  const where = `Panel "${options.panelId}" notifications`
  const middleware = [
    requestScopeMiddleware,
    ...options.middleware,
    ...(tenant ? [tenantMiddleware(tenant, options.resolveUser)] : []),
  ]
  for (const route of [...reads, ...writes]) {
    for (const entry of middleware) route.use(toRouteMiddleware(entry, where))
  }
  for (const route of writes) {
    for (const entry of options.mutationMiddleware) route.use(toRouteMiddleware(entry, where))
  }
  return [...reads, ...writes]
}
