import {
  ManageRecords,
  Resource,
  Select,
  TextColumn,
  TextInput,
  type Form,
  type Table,
} from 'adonis-kit'
import Tag from '../models/tag.ts'
import TagRules from '../rules/tag_rules.ts'

/**
 * Tags: a simple resource (one page, created and edited in modals), with a
 * many-to-many relationship select of posts searched on the server.
 */
export default class TagResource extends Resource<typeof Tag> {
  model = Tag
  navigationIcon = 'heroicon-o-tag'
  policy = () => import('../policies/editor_policy.ts')

  getPages() {
    return { index: ManageRecords.route('/') }
  }

  table(table: Table) {
    return table.columns([TextColumn.make('name').searchable().sortable().editable()])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('name').required().maxLength(60),
      Select.make('posts').relationship('posts', 'title').searchable().searchDebounce(300),
    ])
  }

  validation() {
    return TagRules
  }
}
