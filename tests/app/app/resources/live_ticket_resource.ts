import vine from '@vinejs/vine'
import { BasePolicy } from '@adonisjs/bouncer'
import {
  CreateRecord,
  EditRecord,
  Resource,
  Rules,
  TextColumn,
  type HookContext,
  type KitContext,
  type MutationData,
  type ResourceQuery,
  type Table,
  Select,
  TextInput,
  type Form,
  type PageRoute,
} from '../../../../index.ts'
import type User from '../models/user.ts'
import Ticket from '../models/ticket.ts'
import ListTickets from '../pages/list_tickets.ts'

/**
 * Owners edit their live tickets; a user named "Read Only" opens no form.
 */
export class LiveTicketPolicy extends BasePolicy {
  viewAny() {
    return true
  }

  view() {
    return true
  }

  create(user: User) {
    return user.fullName !== 'Read Only'
  }

  update(user: User, ticket: Ticket) {
    return user.fullName !== 'Read Only' && ticket.ownerId === user.id
  }
}

/**
 * A priority is optional in the rules: the form's closures decide.
 */
export class LiveTicketRules extends Rules {
  rules() {
    return {
      subject: vine.string().trim().minLength(3).maxLength(100),
      status: vine.enum(['open', 'closed', 'held'] as const),
      priority: vine.number().min(1).max(5).optional(),
    }
  }
}

const FEW: Record<string, string> = { 1: 'Low', 2: 'Normal' }
const ALL: Record<string, string> = { ...FEW, 3: 'High', 4: 'Urgent', 5: 'Critical' }

type LiveTicketValues = { subject: string; status: string; priority: string; ownerId: number }

/**
 * Tickets with live fields (live_fields.spec.ts): the subject's hook sets
 * the priority, the status decides whether the priority is shown, required
 * and which priorities are offered.
 */
export class LiveTicketResource extends Resource<typeof Ticket> {
  model = Ticket
  slug = 'live-tickets'
  policy = async () => ({ default: LiveTicketPolicy })

  modifyQuery(query: ResourceQuery<typeof Ticket>, { user }: KitContext) {
    return query.where('tickets.owner_id', user?.id ?? 0)
  }

  table(table: Table) {
    return table.columns([TextColumn.make('subject'), TextColumn.make('priority')])
  }

  async mutateDataBeforeCreate(data: MutationData, { user }: HookContext) {
    return { ...data, ownerId: user!.id }
  }

  getPages(): Record<string, PageRoute> {
    return {
      index: ListTickets.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('subject')
        .required()
        .live({ onBlur: true })
        .afterStateUpdated<LiveTicketValues & { bogus: string }>(({ state, get, set, record }) => {
          /* the hook never sees a hidden field nor one the form does not have */
          const unseen = get('ownerId') === undefined && get('bogus') === undefined
          const urgent = String(state ?? '').startsWith('URGENT')
          set('priority', unseen ? (urgent ? '5' : record ? '3' : '2') : 'seen')
          set('ownerId', 999)
          set('bogus', 'x')
        }),
      Select.make('status')
        .required()
        .options({ open: 'Open', closed: 'Closed', held: 'Held' })
        .live(),
      Select.make('priority')
        .options<LiveTicketValues>(({ get }) => (get('status') === 'closed' ? FEW : ALL))
        .hidden<LiveTicketValues>(({ get }) => get('status') === 'held')
        .required<LiveTicketValues>(({ get }) => get('status') === 'closed'),
      TextInput.make('ownerId').hidden(),
    ])
  }

  validation() {
    return LiveTicketRules
  }
}
