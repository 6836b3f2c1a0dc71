import {
  CreateRecord,
  EditRecord,
  ViewRecord,
  type PageRoute,
  type RedirectTarget,
} from '../../../../index.ts'
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
