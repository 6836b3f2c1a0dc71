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
import BenchUser from '../models/bench_user.ts'

class UserRules extends Rules {
  rules() {
    return { email: vine.string().trim().email() }
  }
}

/**
 * Users of the panel; globally searchable by email (their title).
 */
export default class UserResource extends Resource<typeof BenchUser> {
  model = BenchUser
  slug = 'users'
  label = 'User'
  policy = () => import('../policies/author_policy.ts')

  recordTitleAttribute() {
    return 'email'
  }

  getPages() {
    return { index: ListRecords.route('/'), edit: EditRecord.route('/:record/edit') }
  }

  table(table: Table) {
    return table.columns([TextColumn.make('email').searchable()])
  }

  form(form: Form) {
    return form.schema([TextInput.make('email').required()])
  }

  validation() {
    return UserRules
  }
}
