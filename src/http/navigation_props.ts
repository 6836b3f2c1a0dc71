import type { KitContext } from '../definitions/types.ts'
import {
  hasNavigationBadges,
  navigationBadgesFor,
  NAVIGATION_BADGES_PROP,
} from '../runtime/mounts/navigation.ts'
import type { ResourceMount } from '../runtime/mounts/resource_mount.ts'
import { DeferredProp } from '../runtime/operations/deferred_prop.ts'

/**
 * The deferred `navigationBadges` prop of a panel page (none when no
 * resource of the panel declares a badge), in the page's deferred group:
 * the badges load after the page, in the same request as its other
 * deferred props. Render the page with `pageProps()`.
 */
export function navigationBadgesProp(
  mount: ResourceMount,
  context: KitContext,
  group?: string
): Record<string, DeferredProp> {
  if (!mount.options.panelId || !hasNavigationBadges(mount)) return {}
  return {
    [NAVIGATION_BADGES_PROP]: new DeferredProp(() => navigationBadgesFor(mount, context), group),
  }
}
