import {
  Checkbox,
  CheckboxList,
  ColorPicker,
  KeyValue,
  Password,
  Radio,
  TagsInput,
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
        Checkbox.make('newsletter').helperText('Sends the monthly digest'),
        CheckboxList.make('topics')
          .options({ tech: 'Technology', design: 'Design', travel: 'Travel' })
          .columns(3),
        Radio.make('tier')
          .options({ regular: 'Regular', guest: 'Guest', sponsor: 'Sponsor' })
          .inline()
          .default('regular'),
        TextInput.make('sponsor')
          .hint('Sponsors only')
          .visibleWhen('tier', 'sponsor')
          .requiredWhen('tier', 'sponsor'),
        TagsInput.make('keywords').maxItems(8).maxLength(30).placeholder('Add a keyword'),
        ColorPicker.make('accentColor').default('#4f46e5'),
        KeyValue.make('links').keyLabel('Site').valueLabel('URL'),
        Password.make('portalPassword')
          .label('Portal password')
          .helperText('Leave blank to keep the current password')
          .confirmed()
          .revealable(),
      ])
  }

  validation() {
    return AuthorRules
  }
}
