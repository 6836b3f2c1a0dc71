import {
  Resource,
  type Table,
  TextColumn,
  type Form,
  TextInput,
  ResourceOperation,
  type KitUser,
  DeleteBulkAction,
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
 * translation tests. Its labels are declared per locale (a feminine French
 * label), and it offers the bulk delete.
 */
export class FrenchTagResource extends TagResource {
  label = { en: 'Tag', fr: 'Étiquette' }
  pluralLabel = { en: 'Tags', fr: 'Étiquettes' }
  labelGender = { fr: 'feminine' } as const

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('name').label({ en: 'Name', fr: 'Nom' }).searchable().sortable(),
        TextColumn.make('slug').label({ en: 'Slug', fr: 'Identifiant' }).editable(),
      ])
      .bulkActions([DeleteBulkAction.make()])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('name').label({ en: 'Name', fr: 'Nom' }).required(),
      TextInput.make('slug').label({ en: 'Slug', fr: 'Identifiant' }).required(),
    ])
  }
}
