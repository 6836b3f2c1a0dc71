import {
  defineComponent,
  h,
  onBeforeUnmount,
  ref,
  Teleport,
  useId,
  watch,
  type PropType,
} from 'vue'
import { Dialog } from '@ark-ui/vue/dialog'
import type {
  KitNotificationContract,
  KitPanelNotificationsContract,
} from '../../contracts/main.ts'
import {
  notificationFeed,
  type NotificationFeed,
  type NotificationFeedState,
} from '../../renderers/notifications.ts'
import { isSafeHref } from '../../renderers/notification_view.ts'
import { KitIcon } from '../icons.ts'
import { KitTooltip } from '../tooltip.ts'
import { useText } from '../text.ts'

/**
 * The bell of the top bar (panels with `notifications()`): the unread
 * count on the button, and a drawer (Ark UI Dialog) listing the user's
 * notifications, to read, mark read, mark all read and delete. Live over
 * transmit when the application registered its client, else polled.
 */
export const NotificationBell = defineComponent({
  name: 'NotificationBell',
  props: {
    notifications: {
      type: Object as PropType<KitPanelNotificationsContract | null>,
      default: null,
    },
  },
  setup(props) {
    const t = useText()
    const open = ref(false)
    const triggerId = useId()
    const state = ref<NotificationFeedState | null>(null)
    let feed: NotificationFeed | null = null
    let stop: (() => void) | null = null
    const follow = (config: KitPanelNotificationsContract | null) => {
      stop?.()
      stop = null
      feed = config ? notificationFeed(config) : null
      state.value = feed?.state ?? null
      if (feed) stop = feed.subscribe((next) => (state.value = next))
    }
    watch(
      () => props.notifications && JSON.stringify(props.notifications),
      () => follow(props.notifications),
      { immediate: true }
    )
    onBeforeUnmount(() => stop?.())

    const item = (current: NotificationFeed, entry: KitNotificationContract) =>
      h(
        'li',
        {
          'key': entry.id,
          'class': `kit-notification${entry.read ? '' : ' kit-notification-unread'}`,
          'data-notification': entry.id,
          'data-read': String(entry.read),
        },
        [
          h(
            'span',
            {
              'class': `kit-notification-icon kit-color-${entry.color ?? 'gray'}`,
              'aria-hidden': 'true',
            },
            [h(KitIcon, { name: entry.icon ?? 'bell' })]
          ),
          h('div', { class: 'kit-notification-content' }, [
            h('p', { class: 'kit-notification-title' }, [
              entry.read
                ? null
                : h('span', { class: 'kit-sr-only' }, `${t('notifications.unreadItem')} `),
              entry.title,
            ]),
            entry.body ? h('p', { class: 'kit-notification-body' }, entry.body) : null,
            h('p', { class: 'kit-notification-time' }, [
              h('time', { datetime: entry.createdAt }, entry.since),
            ]),
            entry.actions.length
              ? h(
                  'p',
                  { class: 'kit-notification-actions' },
                  entry.actions
                    .filter((action) => isSafeHref(action.url))
                    .map((action) =>
                      h(
                        'a',
                        {
                          key: action.url,
                          class: 'kit-link',
                          href: action.url,
                          onClick: () => (entry.read ? undefined : current.markRead(entry.url)),
                        },
                        action.label
                      )
                    )
                )
              : null,
          ]),
          h('div', { class: 'kit-notification-buttons' }, [
            entry.read
              ? null
              : h(KitTooltip, { label: t('notifications.markRead') }, () =>
                  h(
                    'button',
                    {
                      'type': 'button',
                      'class': 'kit-icon-button',
                      'aria-label': t('notifications.markReadItem', { title: entry.title }),
                      'onClick': () => current.markRead(entry.url),
                    },
                    [h(KitIcon, { name: 'check' })]
                  )
                ),
            h(KitTooltip, { label: t('notifications.delete') }, () =>
              h(
                'button',
                {
                  'type': 'button',
                  'class': 'kit-icon-button',
                  'aria-label': t('notifications.deleteItem', { title: entry.title }),
                  'onClick': () => current.remove(entry.url),
                },
                [h(KitIcon, { name: 'trash' })]
              )
            ),
          ]),
        ]
      )

    return () => {
      const current = feed
      const now = state.value
      if (!current || !now) return null
      const list = now.list
      const unread = list?.unread ?? 0
      const label = list
        ? `${t('notifications.open')}, ${list.unreadLabel}`
        : t('notifications.open')
      return h(
        Dialog.Root,
        {
          open: open.value,
          ids: { trigger: triggerId },
          lazyMount: true,
          unmountOnExit: true,
          onOpenChange: (details: { open: boolean }) => (open.value = details.open),
        },
        () => [
          h(KitTooltip, { label: t('notifications.open'), triggerId }, () =>
            h(
              Dialog.Trigger,
              {
                'class': 'kit-icon-button kit-notification-bell',
                'aria-label': label,
                'data-unread': unread,
                'data-mode': now.mode,
              },
              () => [
                h(KitIcon, { name: 'bell' }),
                unread > 0
                  ? h(
                      'span',
                      { 'class': 'kit-notification-count', 'aria-hidden': 'true' },
                      unread > 99 ? '99+' : String(unread)
                    )
                  : null,
              ]
            )
          ),
          h(
            'span',
            { 'class': 'kit-sr-only', 'aria-live': 'polite' },
            list && unread > 0 ? list.unreadLabel : ''
          ),
          /* out of the top bar's stacking context: above every part of the page */
          h(Teleport, { to: 'body' }, [
            h(Dialog.Backdrop, { class: 'kit-drawer-backdrop' }),
            h(Dialog.Positioner, { class: 'kit-drawer-positioner' }, () => [
              h(Dialog.Content, { class: 'kit-drawer kit-notifications' }, () => [
                h('div', { class: 'kit-drawer-header' }, [
                  h(Dialog.Title, { class: 'kit-drawer-title' }, () => t('notifications.title')),
                  h(
                    Dialog.CloseTrigger,
                    { 'class': 'kit-icon-button', 'aria-label': t('notifications.close') },
                    () => [h(KitIcon, { name: 'x-mark' })]
                  ),
                ]),
                h('div', { class: 'kit-notifications-toolbar' }, [
                  h('p', { class: 'kit-notifications-summary' }, list?.unreadLabel ?? ''),
                  unread > 0
                    ? h(
                        'button',
                        {
                          type: 'button',
                          class: 'kit-button kit-button-small',
                          onClick: () => current.markAllRead(),
                        },
                        t('notifications.markAllRead')
                      )
                    : null,
                ]),
                now.failed
                  ? h('p', { class: 'kit-field-error', role: 'alert' }, t('notifications.failed'))
                  : null,
                list && !list.items.length
                  ? h('p', { class: 'kit-notifications-empty' }, t('notifications.empty'))
                  : null,
                h(
                  'ul',
                  { class: 'kit-notification-list' },
                  (list?.items ?? []).map((entry) => item(current, entry))
                ),
              ]),
            ]),
          ]),
        ]
      )
    }
  },
})
