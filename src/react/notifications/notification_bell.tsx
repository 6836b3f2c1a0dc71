import { useEffect, useId, useState } from 'react'
import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import type { KitPanelNotificationsContract } from '../../contracts/main.ts'
import { notificationFeed, type NotificationFeedState } from '../../renderers/notifications.ts'
import { isSafeHref } from '../../renderers/notification_view.ts'
import { KitIcon } from '../icons.tsx'
import { KitTooltip } from '../tooltip.tsx'
import { useText } from '../text.tsx'

/**
 * The bell of the top bar (panels with `notifications()`): the unread
 * count on the button, and a drawer (Ark UI Dialog) listing the user's
 * notifications, to read, mark read, mark all read and delete. Live over
 * transmit when the application registered its client, else polled.
 */
export function NotificationBell({
  notifications,
}: {
  notifications?: KitPanelNotificationsContract | null
}) {
  if (!notifications) return null
  return <Bell config={notifications} />
}

function Bell({ config }: { config: KitPanelNotificationsContract }) {
  const t = useText()
  const feed = notificationFeed(config)
  const [state, setState] = useState<NotificationFeedState>(feed.state)
  const [open, setOpen] = useState(false)
  const triggerId = useId()
  useEffect(() => feed.subscribe(setState), [feed])
  const list = state.list
  const unread = list?.unread ?? 0
  const label = list ? `${t('notifications.open')}, ${list.unreadLabel}` : t('notifications.open')
  return (
    <Dialog.Root
      open={open}
      ids={{ trigger: triggerId }}
      onOpenChange={(details) => setOpen(details.open)}
      lazyMount
      unmountOnExit
    >
      <KitTooltip label={t('notifications.open')} triggerId={triggerId}>
        <Dialog.Trigger
          className="kit-icon-button kit-notification-bell"
          aria-label={label}
          data-unread={unread}
          data-mode={state.mode}
        >
          <KitIcon name="bell" />
          {unread > 0 ? (
            <span className="kit-notification-count" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Dialog.Trigger>
      </KitTooltip>
      <span className="kit-sr-only" aria-live="polite">
        {list && unread > 0 ? list.unreadLabel : ''}
      </span>
      {/* out of the top bar's stacking context: above every part of the page */}
      <Portal>
        <Dialog.Backdrop className="kit-drawer-backdrop" />
        <Dialog.Positioner className="kit-drawer-positioner">
          <Dialog.Content className="kit-drawer kit-notifications">
            <div className="kit-drawer-header">
              <Dialog.Title className="kit-drawer-title">{t('notifications.title')}</Dialog.Title>
              <Dialog.CloseTrigger
                className="kit-icon-button"
                aria-label={t('notifications.close')}
              >
                <KitIcon name="x-mark" />
              </Dialog.CloseTrigger>
            </div>
            <div className="kit-notifications-toolbar">
              <p className="kit-notifications-summary">{list?.unreadLabel ?? ''}</p>
              {unread > 0 ? (
                <button
                  type="button"
                  className="kit-button kit-button-small"
                  onClick={() => feed.markAllRead()}
                >
                  {t('notifications.markAllRead')}
                </button>
              ) : null}
            </div>
            {state.failed ? (
              <p className="kit-field-error" role="alert">
                {t('notifications.failed')}
              </p>
            ) : null}
            {list && !list.items.length ? (
              <p className="kit-notifications-empty">{t('notifications.empty')}</p>
            ) : null}
            <ul className="kit-notification-list">
              {list?.items.map((item) => (
                <li
                  key={item.id}
                  className={`kit-notification${item.read ? '' : ' kit-notification-unread'}`}
                  data-notification={item.id}
                  data-read={item.read}
                >
                  <span
                    className={`kit-notification-icon kit-color-${item.color ?? 'gray'}`}
                    aria-hidden="true"
                  >
                    <KitIcon name={item.icon ?? 'bell'} />
                  </span>
                  <div className="kit-notification-content">
                    <p className="kit-notification-title">
                      {item.read ? null : (
                        <span className="kit-sr-only">{`${t('notifications.unreadItem')} `}</span>
                      )}
                      {item.title}
                    </p>
                    {item.body ? <p className="kit-notification-body">{item.body}</p> : null}
                    <p className="kit-notification-time">
                      <time dateTime={item.createdAt}>{item.since}</time>
                    </p>
                    {item.actions.length ? (
                      <p className="kit-notification-actions">
                        {item.actions
                          .filter((action) => isSafeHref(action.url))
                          .map((action) => (
                            <a
                              key={action.url}
                              className="kit-link"
                              href={action.url}
                              onClick={() => (item.read ? undefined : feed.markRead(item.url))}
                            >
                              {action.label}
                            </a>
                          ))}
                      </p>
                    ) : null}
                  </div>
                  <div className="kit-notification-buttons">
                    {item.read ? null : (
                      <KitTooltip label={t('notifications.markRead')}>
                        <button
                          type="button"
                          className="kit-icon-button"
                          aria-label={t('notifications.markReadItem', { title: item.title })}
                          onClick={() => feed.markRead(item.url)}
                        >
                          <KitIcon name="check" />
                        </button>
                      </KitTooltip>
                    )}
                    <KitTooltip label={t('notifications.delete')}>
                      <button
                        type="button"
                        className="kit-icon-button"
                        aria-label={t('notifications.deleteItem', { title: item.title })}
                        onClick={() => feed.remove(item.url)}
                      >
                        <KitIcon name="trash" />
                      </button>
                    </KitTooltip>
                  </div>
                </li>
              ))}
            </ul>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
