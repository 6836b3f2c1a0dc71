import { ImpersonateAction, ListRecords, Resource, TextColumn, type Table } from 'adonis-kit'
import User from '../models/user.ts'

/**
 * The panel's users, for admins: "Impersonate" signs in as one of them
 * (UserPolicy decides), with a banner to return.
 */
export default class UserResource extends Resource<typeof User> {
  model = User
  label = { en: 'User', fr: 'Utilisateur' }
  pluralLabel = { en: 'Users', fr: 'Utilisateurs' }
  navigationIcon = 'heroicon-o-users'
  policy = () => import('../policies/user_policy.ts')

  recordTitleAttribute() {
    return 'fullName'
  }

  getPages() {
    return { index: ListRecords.route('/') }
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('fullName').label({ en: 'Name', fr: 'Nom' }).searchable().sortable(),
        TextColumn.make('email').label({ en: 'Email', fr: 'E-mail' }).searchable(),
      ])
      .actions([ImpersonateAction.make()])
  }
}
