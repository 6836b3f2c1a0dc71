import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { pruneAudit } from '../src/runtime/audit/prune_audit.ts'

/**
 * `node ace kit:prune-audit`: delete the audit rows older than the
 * `audit.retentionDays` of config/kit.ts (or `--days`). Schedule it daily.
 *
 * @example
 * ```sh
 * node ace kit:prune-audit
 * node ace kit:prune-audit --days=90
 * ```
 */
export default class KitPruneAudit extends BaseCommand {
  static commandName = 'kit:prune-audit'
  static description = 'Delete adonis-kit audit rows older than audit.retentionDays'
  static options: CommandOptions = { startApp: true }

  @flags.number({
    description: 'Retention in days (default: audit.retentionDays of config/kit.ts)',
  })
  declare days?: number

  async run() {
    const manager = (await this.app.container.make('kit' as any)) as {
      config: { audit?: { retentionDays: number | null; model: any } }
    }
    const settings = manager.config.audit
    const days = this.days ?? settings?.retentionDays ?? null
    if (days !== null && (!Number.isInteger(days) || days < 1)) {
      this.logger.error('--days must be a whole number of days (1 or more)')
      this.exitCode = 1
      return
    }
    if (!days) {
      this.logger.info('No retention configured (audit.retentionDays): nothing deleted')
      return
    }
    const removed = await pruneAudit({ retentionDays: days, model: settings?.model })
    this.logger.success(`Deleted ${removed} audit rows older than ${days} days`)
  }
}
