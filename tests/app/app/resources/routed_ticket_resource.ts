import {
  CreateRecord,
  EditRecord,
  ListRecords,
  ReplicateAction,
  ResourceOperation,
  TextInput,
  ViewRecord,
  type Action,
  type KitContext,
  type KitUser,
  type PageRoute,
  type RedirectTarget,
  type Table,
} from '../../../../index.ts'
import PostResource from './post_resource.ts'
import type Post from '../models/post.ts'
import type User from '../models/user.ts'
import ListTickets from '../pages/list_tickets.ts'
import TicketResource from './ticket_resource.ts'

/**
 * Created tickets go to their view page; saved ones to the list.
 */
class CreateThenView extends CreateRecord {
  redirectAfterCreate(): RedirectTarget {
    return 'view'
  }
}

class SaveThenList extends EditRecord {
  redirectAfterSave(): RedirectTarget {
    return 'list'
  }
}

/**
 * Tickets whose create page goes to the view page and whose edit page goes
 * back to the list (redirect_after_save.spec.ts).
 */
export class ViewedTicketResource extends TicketResource {
  slug = 'viewed-tickets'

  getPages(): Record<string, PageRoute> {
    return {
      index: ListTickets.route('/'),
      create: CreateThenView.route('/create'),
      view: ViewRecord.route('/:record'),
      edit: SaveThenList.route('/:record/edit'),
    }
  }
}

class CreateThenBoard extends CreateRecord {
  redirectAfterCreate(): RedirectTarget {
    return (record) => `/boards/tickets/${record.$primaryKeyValue}?from=create`
  }
}

class SaveThenSubject extends EditRecord {
  redirectAfterSave(): RedirectTarget {
    /* built from a value the user typed: anything but a path of this site is ignored */
    return (record) => String((record as any).subject)
  }
}

/**
 * Tickets whose pages build their redirect from the record.
 */
export class BuiltRedirectTicketResource extends TicketResource {
  slug = 'built-tickets'

  getPages(): Record<string, PageRoute> {
    return {
      index: ListTickets.route('/'),
      create: CreateThenBoard.route('/create'),
      edit: SaveThenSubject.route('/:record/edit'),
    }
  }
}

/**
 * Posts with a replicate action, as a row action and on the edit page
 * (replicate.spec.ts). Users named "Reader" may not create.
 */
export class ReplicaPostResource extends PostResource {
  slug = 'replica-posts'

  getPages(): Record<string, PageRoute> {
    return {
      index: ListRecords.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditWithReplicate.route('/:record/edit'),
    }
  }

  async canAccess(
    operation: ResourceOperation,
    record: Post | null,
    user: KitUser | null,
    context?: KitContext
  ) {
    if (operation === ResourceOperation.Create && (user as User | null)?.fullName === 'Reader') {
      return false
    }
    return super.canAccess(operation, record, user, context)
  }

  table(table: Table) {
    return super.table(table).actions([replicate()])
  }
}

function replicate() {
  return ReplicateAction.make()
    .excludeAttributes(['body'])
    .form([TextInput.make('title').required()])
    .copyRelations(['labels'])
    .authorizeUsing(({ record }) => (record as Post | null)?.title !== 'Locked')
    .beforeReplicaSaved((data, { record }) => ({
      ...data,
      status: 'draft',
      body: `Copy of #${record.$primaryKeyValue}`,
    }))
}

class EditWithReplicate extends EditRecord {
  headerActions(): Action[] {
    return [...super.headerActions(), replicate()]
  }
}
