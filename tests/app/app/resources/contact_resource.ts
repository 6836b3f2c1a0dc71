import {
  ManageRecords,
  Resource,
  ResourceOperation,
  TextColumn,
  TextInput,
  type Form,
  type HookContext,
  type KitContext,
  type KitUser,
  type MutationData,
  type ResourceQuery,
  type Table,
} from '../../../../index.ts'
import Contact from '../models/contact.ts'
import ContactRules from '../rules/contact_rules.ts'

/**
 * A simple resource: one manage page, records created and edited in modals.
 * Users see and edit their own contacts only.
 */
export default class ContactResource extends Resource<typeof Contact> {
  model = Contact
  navigationIcon = 'users'
  navigationSort = 2
  navigationGroup = 'Directory'

  modifyQuery(query: ResourceQuery<typeof Contact>, { user }: KitContext) {
    return user?.isAdmin ? query : query.where('contacts.owner_id', user?.id ?? 0)
  }

  async canAccess(operation: ResourceOperation, contact: Contact | null, user: KitUser | null) {
    if (!user) {
      return false
    }
    if (operation === ResourceOperation.ViewAny) {
      return true
    }
    if (operation === ResourceOperation.Create) {
      return user.isAdmin !== true || user.email.startsWith('creator')
    }
    return contact?.ownerId === user.id
  }

  getPages() {
    return { index: ManageRecords.route('/') }
  }

  globallySearchableAttributes() {
    return ['name', 'email']
  }

  table(table: Table) {
    return table.columns([TextColumn.make('name').searchable(), TextColumn.make('email')])
  }

  form(form: Form) {
    return form.schema([TextInput.make('name').required(), TextInput.make('email').email()])
  }

  validation() {
    return ContactRules
  }

  async mutateDataBeforeCreate(data: MutationData, context: HookContext) {
    return { ...data, ownerId: context.user!.id }
  }
}
