import {
  Resource,
  type Table,
  TextColumn,
  type Form,
  TextInput,
  ResourceOperation,
  type KitUser,
} from '../../../../index.ts'
import Tag from '../models/tag.ts'
import TagRules from '../rules/tag_rules.ts'

/**
 * Tags, mounted through the route facade. Admins manage them; other users
 * may only list.
 */
export default class TagResource extends Resource<typeof Tag> {
  model = Tag
  recordTitleAttribute() {
    return 'slug'
  }

  async canAccess(operation: ResourceOperation, _record: Tag | null, user: KitUser | null) {
    if (!user) {
      return false
    }
    return operation === ResourceOperation.ViewAny || user.isAdmin === true
  }

  table(table: Table) {
    return table.columns([TextColumn.make('name').searchable().sortable(), TextColumn.make('slug')])
  }

  form(form: Form) {
    return form.schema([TextInput.make('name').required(), TextInput.make('slug').required()])
  }

  validation() {
    return TagRules
  }
}

/**
 * The same tags in French (mounted at /fr with the fr-FR locale): the
 * translation tests.
 */
export class FrenchTagResource extends TagResource {}
