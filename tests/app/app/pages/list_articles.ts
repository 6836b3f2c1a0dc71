import { Action, ListRecords } from '../../../../index.ts'
import AuditLog from '../models/audit_log.ts'
import { RecountRules } from '../rules/article_rules.ts'

export default class ListArticles extends ListRecords {
  headerActions() {
    return [
      Action.make('recount')
        .authorizeUsing(({ user }) => user?.isAdmin === true)
        .validation(RecountRules)
        .action(async ({ data, trx }) => {
          await AuditLog.create({ event: 'recount', subject: data.reason }, { client: trx })
          return `Recounted: ${data.reason}`
        }),
      Action.make('export').url('/exports/articles').method('get'),
    ]
  }
}
