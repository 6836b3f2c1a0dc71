import {
  ImpersonateAction,
  ListRecords,
  Resource,
  TextColumn,
  type KitContext,
  type PolicyReference,
  type ResourceQuery,
  type Table,
} from '../../../../index.ts'
import Account from '../models/account.ts'
import AccountPolicy from '../policies/account_policy.ts'

/**
 * The accounts of the backstage panel (impersonation.spec.ts): admins may
 * impersonate the others; accounts whose email starts with "hidden" are
 * outside the scoped query.
 */
export default class AccountResource extends Resource<typeof Account> {
  model = Account
  policy: PolicyReference = AccountPolicy

  recordTitleAttribute() {
    return 'email'
  }

  modifyQuery(query: ResourceQuery<typeof Account>, _context: KitContext) {
    return query.whereNot('users.email', 'like', 'hidden%')
  }

  getPages() {
    return { index: ListRecords.route('/') }
  }

  table(table: Table) {
    return table.columns([TextColumn.make('email')]).actions([ImpersonateAction.make()])
  }
}
