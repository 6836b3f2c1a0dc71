import { KitConfigurationException } from '../../support/errors.ts'
import { KitAuditEntry } from '../../definitions/audit/audit_entry.ts'
import type { AuditConfig } from '../../definitions/audit/audit_config.ts'
import type { Constructor, MaybeLazy } from '../../definitions/types.ts'

export type { AuditConfig }

/**
 * The checked audit settings of a mount.
 */
export interface AuditSettings {
  enabled: boolean
  retentionDays: number | null
  model: typeof KitAuditEntry
  policy: MaybeLazy<Constructor> | null
  userTitle: AuditConfig['userTitle'] | null
}

/**
 * Audit off: the default when neither the app nor the panel enables it.
 */
export const AUDIT_DISABLED: AuditSettings = {
  enabled: false,
  retentionDays: null,
  model: KitAuditEntry,
  policy: null,
  userTitle: null,
}

/**
 * Check an audit declaration, on top of the settings it refines (a panel's
 * over the app's). Fails at boot with a message naming where it is wrong.
 */
export function auditSettings(
  config: AuditConfig | undefined,
  where: string,
  base: AuditSettings = AUDIT_DISABLED
): AuditSettings {
  if (config === undefined) {
    return base
  }
  if (!config || typeof config !== 'object' || Array.isArray(config)) {
    throw new KitConfigurationException(`${where}: "audit" must be an object`)
  }
  if (config.enabled !== undefined && typeof config.enabled !== 'boolean') {
    throw new KitConfigurationException(`${where}: audit.enabled must be a boolean`)
  }
  const days = config.retentionDays
  if (
    days !== undefined &&
    days !== null &&
    (typeof days !== 'number' || !Number.isInteger(days) || days < 1)
  ) {
    throw new KitConfigurationException(
      `${where}: audit.retentionDays must be a whole number of days (1 or more)`
    )
  }
  if (config.model !== undefined && !isLucidModel(config.model)) {
    throw new KitConfigurationException(`${where}: audit.model must be a Lucid model`)
  }
  if (config.policy !== undefined && typeof config.policy !== 'function') {
    throw new KitConfigurationException(
      `${where}: audit.policy must be a policy class or a lazy import of one`
    )
  }
  const userTitle = config.userTitle
  if (
    userTitle !== undefined &&
    typeof userTitle !== 'function' &&
    (typeof userTitle !== 'string' || userTitle === '')
  ) {
    throw new KitConfigurationException(
      `${where}: audit.userTitle must be an attribute name or a function of the user`
    )
  }
  return {
    policy: config.policy ?? base.policy,
    userTitle: userTitle ?? base.userTitle,
    enabled: config.enabled ?? base.enabled,
    retentionDays: days === undefined ? base.retentionDays : days,
    model: config.model ?? base.model,
  }
}

/**
 * Whether a configured value is a Lucid model class (a class with a static
 * `query()`): the audit model may be any model of the audit table's shape.
 */
function isLucidModel(value: unknown): boolean {
  return typeof value === 'function' && 'query' in value && typeof value.query === 'function'
}
