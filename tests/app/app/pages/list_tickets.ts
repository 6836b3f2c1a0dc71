import { Action, ListRecords } from '../../../../index.ts'
import AuditLog from '../models/audit_log.ts'
import { AnnounceRules } from '../rules/ticket_rules.ts'

export default class ListTickets extends ListRecords {
  headerActions() {
    return [
      Action.make('announce')
        .authorizeUsing(({ user }) => user?.isAdmin === true)
        .validation(AnnounceRules)
        .action(async ({ data, trx, halt }) => {
          await AuditLog.create({ event: 'announce', subject: data.message }, { client: trx })
          if (data.message === 'stop') {
            halt('Nothing to announce')
          }
          return `Announced: ${data.message}`
        }),
      Action.make('export').url('/exports/tickets').method('get'),
    ]
  }
}
