import { joinPath } from '../../support/path_safety.ts'

/**
 * The path of a panel's notifications, `<prefix>/_notifications` (behind
 * the tenant segment on a tenant panel).
 */
export function notificationsPath(prefix: string) {
  return joinPath(prefix, '_notifications')
}
