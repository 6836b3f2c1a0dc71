import type { HttpContext, Router } from '@adonisjs/core/http'
import type { KitContext } from '../definitions/types.ts'
import type { PluginPage } from '../definitions/plugin/plugin.ts'
import { Tenancy } from '../definitions/tenancy/tenancy.ts'
import { localize } from '../i18n/localized.ts'
import { requestTranslator, textProps } from '../i18n/request.ts'
import { KitConfigurationException, UnauthorizedOperationException } from '../support/errors.ts'
import { joinPath } from '../support/path_safety.ts'
import { navigationFor } from '../runtime/mounts/navigation.ts'
import type {
  MountOptions,
  PluginNavigationEntry,
  ResourceMount,
} from '../runtime/mounts/resource_mount.ts'
import { kitRenderer, pageProps, rememberMount } from './error_page.ts'
import { navigationBadgesProp } from './navigation_props.ts'
import { toRouteMiddleware } from './middleware.ts'
import { requestScopeMiddleware } from './tenant_middleware.ts'

/**
 * The URL of a plugin's page on a panel.
 */
export function pluginPagePath(prefix: string, page: PluginPage) {
  return joinPath(prefix, page.path)
}

/**
 * The navigation entries of a panel's plugins: their links, and their pages
 * (shown to users the page's `authorize` lets in).
 */
export function pluginNavigation(
  options: MountOptions,
  pages: { plugin: string; page: PluginPage }[],
  links: PluginNavigationEntry[]
): PluginNavigationEntry[] {
  const entries: PluginNavigationEntry[] = [...links]
  for (const { page } of pages) {
    if (page.navigation === false) continue
    const authorize = page.authorize
    entries.push({
      label: page.navigation?.label ?? page.title,
      url: pluginPagePath(options.prefix, page),
      icon: page.navigation?.icon,
      sort: page.navigation?.sort,
      group: page.navigation?.group,
      visible: async (context) => (authorize ? (await authorize(context)) === true : false),
    })
  }
  return entries
}

/**
 * Refuse, at boot, a plugin page a panel cannot serve: on a tenant panel,
 * or at the path of a resource of the panel.
 */
export function assertPluginPages(
  panelId: string,
  options: MountOptions,
  pages: { plugin: string; page: PluginPage }[],
  mounts: ResourceMount[]
) {
  for (const { plugin, page } of pages) {
    const where = `Plugin "${plugin}" page "${page.path}" (panel "${panelId}")`
    if (options.tenant) {
      throw new KitConfigurationException(`${where}: plugin pages are not served on tenant panels`)
    }
    const path = pluginPagePath(options.prefix, page)
    const clash = mounts.find((mount) => joinPath(mount.basePath()) === path)
    if (clash) {
      throw new KitConfigurationException(
        `${where}: ${clash.resource.constructor.name} is mounted at ${path}`
      )
    }
  }
}

/**
 * Register the pages of a panel's plugins: `GET <prefix>/<path>` behind the
 * panel's middleware. `authorize` runs first (anything but `true`: 403),
 * then `handler`; the page renders the plugin's component with the
 * handler's props and the panel's shell props (JSON clients get the props).
 */
export function registerPluginPages(
  router: Router,
  options: MountOptions,
  pages: { plugin: string; page: PluginPage }[],
  mounts: ResourceMount[]
) {
  const first = mounts[0]
  for (const { plugin, page } of pages) {
    const where = `Plugin "${plugin}" page "${page.path}"`
    const path = pluginPagePath(options.prefix, page)
    const route = router
      .get(path, async (ctx: HttpContext) => {
        if (first) rememberMount(ctx, first)
        const context: KitContext = {
          user: (await options.resolveUser(ctx)) ?? null,
          http: ctx,
          containerResolver: ctx.containerResolver,
          translator: requestTranslator(ctx, options.presentation),
        }
        const scope = Tenancy.state()
        if (scope) scope.translator = context.translator
        /* authorization before anything else: fail-closed */
        if (!page.authorize || (await page.authorize(context)) !== true) {
          throw new UnauthorizedOperationException(context.translator!.t('message.forbidden'))
        }
        const own = await page.handler!(context)
        const inertia = kitRenderer(ctx)
        if (!inertia || ctx.request.accepts(['html', 'json']) === 'json') {
          return ctx.response.ok(own)
        }
        const props: Record<string, unknown> = {
          ...options.pageDefaults?.props,
          ...textProps(context.translator!),
          ...own,
          kitPluginPage: { plugin, title: localize(page.title), url: path },
        }
        if (first) {
          props.navigation = await navigationFor(first, context, ctx.request.url())
          props.kitPanel = first.panelContract(context.user, context.http)
          Object.assign(props, navigationBadgesProp(first, context))
        }
        return inertia.render(page.component, pageProps(inertia, props))
      })
      .as(`${options.name}.plugins.${plugin}.${page.path.replaceAll('/', '.')}`)
    for (const entry of [requestScopeMiddleware, ...options.middleware]) {
      route.use(toRouteMiddleware(entry, where))
    }
  }
}
