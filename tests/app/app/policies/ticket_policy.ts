import { BasePolicy } from '@adonisjs/bouncer'
import type User from '../models/user.ts'
import type Ticket from '../models/ticket.ts'

/**
 * Owners edit their tickets; only admins delete them.
 */
export default class TicketPolicy extends BasePolicy {
  viewAny() {
    return true
  }

  view() {
    return true
  }

  create() {
    return true
  }

  update(user: User, ticket: Ticket) {
    return user.isAdmin || ticket.ownerId === user.id
  }

  delete(user: User) {
    return user.isAdmin
  }

  deleteAny(user: User) {
    return user.isAdmin
  }
}
