import {
  ExportAction,
  ExportColumn,
  ImportAction,
  ImportColumn,
  ManageRecords,
  Resource,
  Select,
  TextColumn,
  TextInput,
  type Form,
  type Table,
} from 'adonis-kit'
import Tag from '../models/tag.ts'
import { taxonomy } from '../clusters/taxonomy.ts'
import TagRules from '../rules/tag_rules.ts'

/**
 * The tags page: an export of what the table shows (CSV, in the
 * background) and an import of tags from a CSV file (mapping, dry run).
 */
class ManageTags extends ManageRecords {
  headerActions() {
    return [
      ExportAction.make('export')
        .authorizeUsing(({ user }) => Boolean(user))
        .columns([ExportColumn.make('id'), ExportColumn.make('name').label('Name')]),
      ImportAction.make('import')
        .authorizeUsing(({ user }) => Boolean(user))
        .columns([ImportColumn.make('name').label('Name').guess(['tag'])]),
    ]
  }
}

/**
 * Tags: a simple resource (one page, created and edited in modals), with a
 * many-to-many relationship select of posts searched on the server.
 */
export default class TagResource extends Resource<typeof Tag> {
  model = Tag
  label = { en: 'Tag', fr: 'Étiquette' }
  pluralLabel = { en: 'Tags', fr: 'Étiquettes' }
  /* « 2 étiquettes supprimées » */
  labelGender = { fr: 'feminine' } as const
  navigationIcon = 'heroicon-o-tag'
  navigationCluster = taxonomy
  policy = () => import('../policies/editor_policy.ts')

  getPages() {
    return { index: ManageTags.route('/') }
  }

  table(table: Table) {
    return table.columns([
      TextColumn.make('name').label({ en: 'Name', fr: 'Nom' }).searchable().sortable().editable(),
    ])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('name').label({ en: 'Name', fr: 'Nom' }).required().maxLength(60),
      Select.make('posts')
        .label({ en: 'Posts', fr: 'Articles' })
        .relationship('posts', 'title')
        .searchable()
        .searchDebounce(300),
    ])
  }

  validation() {
    return TagRules
  }
}
