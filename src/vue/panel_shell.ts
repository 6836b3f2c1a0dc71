import {
  defineComponent,
  h,
  nextTick,
  onBeforeUnmount,
  onMounted,
  ref,
  useId,
  watch,
  type PropType,
} from 'vue'
import { Link, router } from '@inertiajs/vue3'
import type { KitPanelContract, NavigationItem } from '../renderers/types.ts'
import {
  applyPanelTheme,
  applyTheme,
  chooseTheme,
  followSystemTheme,
  storedTheme,
} from '../renderers/theme.ts'
import { panelTitle, trapFocus } from '../renderers/behaviour.ts'
import { GlobalSearch } from './global_search.ts'
import { PanelNavigation } from './navigation.ts'
import { KitIcon } from './icons.ts'
import { KitToasts } from './toasts.ts'
import { KitTooltip } from './tooltip.ts'
import { useText } from './text.ts'
import { ImpersonationBanner } from './account/impersonation_banner.ts'
import { UserMenu } from './account/user_menu.ts'
import { NotificationBell } from './notifications/notification_bell.ts'
import { TenantSwitcher } from './tenant_switcher.ts'
import { BrandMark, PanelFavicon } from './brand.ts'

/**
 * The light/dark switch of the top bar (`aria-pressed` when dark). Without
 * a stored choice the mode follows the system; a click stores the choice.
 */
export const ThemeToggle = defineComponent({
  name: 'ThemeToggle',
  setup() {
    const t = useText()
    const dark = ref(false)
    let stop = () => {}
    onMounted(() => {
      dark.value = applyTheme(storedTheme())
      stop = followSystemTheme((value) => (dark.value = value))
    })
    onBeforeUnmount(() => stop())
    return () =>
      h(KitTooltip, { label: t('panel.darkMode') }, () => [
        h(
          'button',
          {
            'type': 'button',
            'class': 'kit-icon-button kit-theme-toggle',
            'aria-label': t('panel.darkMode'),
            'aria-pressed': dark.value,
            'onClick': () => (dark.value = chooseTheme(!dark.value)),
          },
          [h(KitIcon, { name: dark.value ? 'sun' : 'moon' })]
        ),
      ])
  },
})

/**
 * The panel's frame: the sidebar with the navigation (a drawer under
 * 1024 px, opened from the top bar; Escape closes it and focus returns to
 * the menu button), the top bar (global search, the user menu on panels
 * with `login()` or else the theme toggle, `topbar` slot) and the page
 * (default slot).
 */
export const PanelShell = defineComponent({
  name: 'PanelShell',
  props: {
    navigation: { type: Array as PropType<NavigationItem[] | null>, default: null },
    kitPanel: {
      type: Object as PropType<KitPanelContract | null>,
      default: null,
    },
  },
  setup(props, { slots }) {
    const t = useText()
    const open = ref(false)
    const sidebarId = useId()
    const menu = ref<HTMLButtonElement | null>(null)
    const sidebar = ref<HTMLDivElement | null>(null)
    const close = () => {
      open.value = false
      menu.value?.focus()
    }

    /* the drawer: focus inside while open, Escape closes, Tab stays inside */
    const onKey = (event: KeyboardEvent) => {
      if (!open.value) return
      if (event.key === 'Escape') close()
      else if (sidebar.value) trapFocus(event, sidebar.value)
    }
    watch(open, async (isOpen) => {
      if (!isOpen) return
      await nextTick()
      const current = sidebar.value?.querySelector<HTMLElement>('a[aria-current]')
      ;(current ?? sidebar.value?.querySelector<HTMLElement>('a, button'))?.focus()
    })
    const offNavigate = router.on('navigate', () => (open.value = false))
    /* the panel's theme, before the page is painted */
    watch(
      () => JSON.stringify(props.kitPanel?.theme ?? {}),
      (theme) => applyPanelTheme(JSON.parse(theme)),
      { immediate: true }
    )
    /* in the capture phase: a tooltip of the drawer (its close button's)
       stops the Escape that closes it from bubbling */
    onMounted(() => document.addEventListener('keydown', onKey, true))
    onBeforeUnmount(() => {
      document.removeEventListener('keydown', onKey, true)
      offNavigate()
      applyPanelTheme(null)
    })

    return () => {
      const home = props.navigation?.[0]?.url
      const title = props.kitPanel?.brand ?? panelTitle(props.kitPanel?.id, t)
      const mark = () => h(BrandMark, { kitPanel: props.kitPanel, brand: title })
      return h('div', { class: 'kit-page' }, [
        h(PanelFavicon, { kitPanel: props.kitPanel }),
        open.value ? h('div', { class: 'kit-sidebar-backdrop', onClick: close }) : null,
        h(
          'div',
          {
            'ref': sidebar,
            'id': sidebarId,
            'class': open.value ? 'kit-sidebar kit-sidebar-open' : 'kit-sidebar',
            'role': open.value ? 'dialog' : undefined,
            'aria-modal': open.value ? true : undefined,
            'aria-label': open.value ? t('panel.navigation') : undefined,
          },
          [
            h('div', { class: 'kit-sidebar-header' }, [
              home
                ? h(Link, { href: home, class: 'kit-brand' }, mark)
                : h('span', { class: 'kit-brand' }, [mark()]),
              h(KitTooltip, { label: t('panel.closeNavigation') }, () => [
                h(
                  'button',
                  {
                    'type': 'button',
                    'class': 'kit-icon-button kit-sidebar-close',
                    'aria-label': t('panel.closeNavigation'),
                    'onClick': close,
                  },
                  [h(KitIcon, { name: 'x-mark' })]
                ),
              ]),
            ]),
            h(PanelNavigation, { items: props.navigation }),
          ]
        ),
        h('div', { class: 'kit-body' }, [
          h(ImpersonationBanner, { menu: props.kitPanel?.userMenu ?? null }),
          h('div', { class: 'kit-topbar' }, [
            h(KitTooltip, { label: t('panel.openNavigation') }, () => [
              h(
                'button',
                {
                  'ref': menu,
                  'type': 'button',
                  'class': 'kit-icon-button kit-topbar-menu',
                  'aria-label': t('panel.openNavigation'),
                  'aria-expanded': open.value,
                  'aria-controls': sidebarId,
                  'onClick': () => (open.value = true),
                },
                [h(KitIcon, { name: 'bars-3' })]
              ),
            ]),
            props.kitPanel?.tenants ? h(TenantSwitcher, { tenants: props.kitPanel.tenants }) : null,
            props.kitPanel ? h(GlobalSearch, { url: props.kitPanel.searchUrl }) : null,
            h('div', { class: 'kit-topbar-end' }, [
              h(NotificationBell, { notifications: props.kitPanel?.notifications ?? null }),
              props.kitPanel?.userMenu
                ? h(UserMenu, { menu: props.kitPanel.userMenu })
                : h(ThemeToggle),
              slots.topbar?.(),
            ]),
          ]),
          slots.default?.(),
        ]),
        h(KitToasts),
      ])
    }
  },
})
