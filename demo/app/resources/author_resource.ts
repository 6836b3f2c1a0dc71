import {
  CreateRecord,
  EditRecord,
  ListRecords,
  Resource,
  Textarea,
  TextColumn,
  TextInput,
  type Form,
  type Table,
} from 'adonis-kit'
import Author from '../models/author.ts'
import AuthorRules from '../rules/author_rules.ts'

export default class AuthorResource extends Resource<typeof Author> {
  model = Author
  navigationIcon = 'heroicon-o-users'
  policy = () => import('../policies/author_policy.ts')

  globallySearchableAttributes() {
    return ['name', 'email']
  }

  getPages() {
    return {
      index: ListRecords.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  table(table: Table) {
    return table.columns([
      TextColumn.make('name').searchable().sortable(),
      TextColumn.make('email').searchable().sortable(),
    ])
  }

  form(form: Form) {
    return form
      .columns(2)
      .schema([
        TextInput.make('name').required().maxLength(255),
        TextInput.make('email').email().required(),
        Textarea.make('bio').rows(4),
      ])
  }

  validation() {
    return AuthorRules
  }
}
