import vine from '@vinejs/vine'
import {
  EditRecord,
  ListRecords,
  Resource,
  Rules,
  TextColumn,
  TextInput,
  type Form,
  type Table,
} from '../../../../index.ts'
import Author from '../models/author.ts'

class AuthorRules extends Rules {
  rules() {
    return {
      name: vine.string().trim().minLength(1).maxLength(255),
      email: vine.string().trim().email(),
    }
  }
}

/**
 * Authors: the belongs-to target of items; globally searchable by name.
 */
export default class AuthorResource extends Resource<typeof Author> {
  model = Author
  policy = () => import('../policies/author_policy.ts')

  getPages() {
    return { index: ListRecords.route('/'), edit: EditRecord.route('/:record/edit') }
  }

  globallySearchableAttributes() {
    return ['name']
  }

  table(table: Table) {
    return table.columns([
      TextColumn.make('name').searchable().sortable(),
      TextColumn.make('email').searchable(),
    ])
  }

  form(form: Form) {
    return form.schema([TextInput.make('name').required(), TextInput.make('email').required()])
  }

  validation() {
    return AuthorRules
  }
}
