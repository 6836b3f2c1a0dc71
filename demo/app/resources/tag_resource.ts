import {
  CreateRecord,
  EditRecord,
  ListRecords,
  Resource,
  TextColumn,
  TextInput,
  type Form,
  type Table,
} from 'adonis-kit'
import Tag from '../models/tag.ts'
import TagRules from '../rules/tag_rules.ts'

export default class TagResource extends Resource<typeof Tag> {
  model = Tag
  policy = () => import('../policies/editor_policy.ts')

  getPages() {
    return {
      index: ListRecords.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  table(table: Table) {
    return table.columns([TextColumn.make('name').searchable().sortable().editable()])
  }

  form(form: Form) {
    return form.schema([TextInput.make('name').required().maxLength(60)])
  }

  validation() {
    return TagRules
  }
}
