import { KitConfigurationException } from '../../support/errors.ts'
import { joinPath } from '../../support/path_safety.ts'
import type { Panel } from '../../definitions/panel/panel.ts'
import { searchPath, type ResourceMount, type UserResolver } from './resource_mount.ts'

/**
 * How the kit mounts a panel of config/kit.ts: the options every resource
 * of the panel is mounted with (path prefix, route names, middleware,
 * tenant routing, page defaults, presentation). `panelMounts` is filled as
 * the panel's resources are mounted: the source of its navigation.
 */
export function panelMountOptions(
  panel: Panel,
  resolveUser: UserResolver,
  panelMounts: ResourceMount[]
): ResourceMount['options'] {
  return {
    panelId: panel.id,
    prefix: panel.getPath(),
    name: panel.getName(),
    middleware: panel.getMiddleware(),
    mutationMiddleware: panel.getMutationMiddleware(),
    resolveUser,
    tenant: panel.getTenant(),
    panelMounts,
    pageDefaults: panel.getPageDefaults(),
    presentation: panel.getPresentation(),
    theme: panel.getThemeVariables(),
    brandName: panel.getBrandName(),
    branding: panel.getBranding(),
    notifications: panel.getNotifications(),
    navigationGroups: panel.getNavigationGroups(),
    navigationLinks: panel.getNavigationItems(),
  }
}

/**
 * Refuse, at boot, a resource of the panel mounted at the panel's global
 * search path.
 */
export function assertSearchPathFree(panel: Panel, panelMounts: ResourceMount[]) {
  const clash = panelMounts.find(
    (mount) => joinPath(mount.basePath()) === searchPath(panel.getPath())
  )
  if (clash) {
    throw new KitConfigurationException(
      `${clash.resource.constructor.name} is mounted at ${clash.basePath()}, the global search path of panel "${panel.id}"; give it another slug`
    )
  }
}
