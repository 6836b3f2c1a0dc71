import {
  Action,
  BadgeColumn,
  BulkAction,
  CreateRecord,
  DeleteBulkAction,
  EditRecord,
  Resource,
  Select,
  SelectFilter,
  TextColumn,
  TextInput,
  type Form,
  type HookContext,
  type KitContext,
  type MutationData,
  type PageRoute,
  type ResourceQuery,
  type Table,
} from '../../../../index.ts'
import Ticket from '../models/ticket.ts'
import AuditLog from '../models/audit_log.ts'
import TicketRules, { CloseRules } from '../rules/ticket_rules.ts'
import ListTickets from '../pages/list_tickets.ts'

/**
 * Tickets, mounted through the route facade at /desk: users see their own
 * tickets, admins all of them. Its actions halt and cancel.
 */
export default class TicketResource extends Resource<typeof Ticket> {
  model = Ticket
  policy = () => import('../policies/ticket_policy.ts')

  recordTitleAttribute() {
    return 'subject'
  }

  modifyQuery(query: ResourceQuery<typeof Ticket>, { user }: KitContext) {
    return user?.isAdmin ? query : query.where('tickets.owner_id', user?.id ?? 0)
  }

  getPages(): Record<string, PageRoute> {
    return {
      index: ListTickets.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('subject').searchable().sortable().editable(),
        BadgeColumn.make('status').colors({ open: 'green', closed: 'gray' }),
        TextColumn.make('priority').sortable(),
      ])
      .filters([SelectFilter.make('status').options({ open: 'Open', closed: 'Closed' })])
      .keysetPagination()
      .actions([
        Action.make('close')
          .validation(CloseRules)
          .authorizeUsing(({ user, record }) => {
            return user?.isAdmin === true || (record as Ticket | null)?.ownerId === user?.id
          })
          .action(async ({ record, data, trx, halt, cancel }) => {
            const ticket = record as Ticket
            if (ticket.status === 'closed') {
              halt('Already closed')
            }
            ticket.status = 'closed'
            await ticket.save()
            await AuditLog.create(
              { event: 'closed', subject: `${ticket.subject}: ${data.reason}` },
              { client: trx }
            )
            if (data.reason === 'never mind') {
              cancel('Kept open')
            }
            return `Closed ${ticket.subject}`
          }),
        Action.make('open').url('/tickets/{id}').method('get'),
      ])
      .bulkActions([
        DeleteBulkAction.make(),
        BulkAction.make('reopen')
          .authorizeUsing(({ user, record }) => (record as Ticket | null)?.ownerId === user?.id)
          .eachRecord(async ({ record }) => {
            const ticket = record as Ticket
            ticket.status = 'open'
            await ticket.save()
          }),
      ])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('subject').required().maxLength(100),
      Select.make('status').required().options({ open: 'Open', closed: 'Closed' }),
      TextInput.make('priority').numeric(),
    ])
  }

  validation() {
    return TicketRules
  }

  async mutateDataBeforeCreate(data: MutationData, { user }: HookContext) {
    return { ...data, ownerId: user!.id }
  }

  async afterCreate(ticket: Ticket, _data: MutationData, context: HookContext) {
    await AuditLog.create({ event: 'created', subject: ticket.subject }, { client: context.trx })
  }

  async afterUpdate(ticket: Ticket, _data: MutationData, context: HookContext) {
    await AuditLog.create({ event: 'updated', subject: ticket.subject }, { client: context.trx })
  }
}
