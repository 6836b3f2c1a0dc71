import {
  ColorEntry,
  CreateRecord,
  EditRecord,
  IconEntry,
  KeyValueEntry,
  ListRecords,
  MarkdownEditor,
  RepeatableEntry,
  Resource,
  ResourceOperation,
  TextColumn,
  TextEntry,
  TextInput,
  ViewRecord,
  type Form,
  type Infolist,
  type KitUser,
  type Table,
} from '../../../../index.ts'
import Dossier from '../models/dossier.ts'
import DossierRules from '../rules/dossier_rules.ts'

/**
 * Dossiers: every infolist entry kind on the view page, Markdown notes with
 * a preview in the form. Anyone signed in may list and view; only admins
 * may create and edit (and preview).
 */
export default class DossierResource extends Resource<typeof Dossier> {
  model = Dossier

  getPages() {
    return {
      index: ListRecords.route('/'),
      create: CreateRecord.route('/create'),
      view: ViewRecord.route('/:record'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  async canAccess(operation: ResourceOperation, _record: Dossier | null, user: KitUser | null) {
    if (operation === ResourceOperation.View || operation === ResourceOperation.ViewAny) {
      return user !== null
    }
    return user?.isAdmin === true
  }

  recordTitleAttribute() {
    return 'title'
  }

  table(table: Table) {
    return table.columns([TextColumn.make('title'), TextColumn.make('notes').markdown()])
  }

  form(form: Form) {
    return form.schema([TextInput.make('title').required(), MarkdownEditor.make('notes')])
  }

  infolist(infolist: Infolist) {
    return infolist.schema([
      TextEntry.make('title'),
      TextEntry.make('status')
        .badge()
        .color({ draft: 'gray', published: 'success', late: 'danger' }),
      IconEntry.make('isPublic'),
      ColorEntry.make('color'),
      KeyValueEntry.make('settings'),
      TextEntry.make('notes').markdown(),
      RepeatableEntry.make('items')
        .schema([
          TextEntry.make('label'),
          TextEntry.make('amountCents').money('EUR', { divideBy: 100 }),
          IconEntry.make('done'),
          TextEntry.make('author.fullName').label('Author'),
        ])
        .modifyQuery((query) => query.where('label', '!=', 'hidden by modifyQuery')),
      RepeatableEntry.make('steps').schema([
        TextEntry.make('name'),
        IconEntry.make('state').icons({
          todo: { icon: 'clock', color: 'warning', label: 'To do' },
          done: 'check-circle',
        }),
      ]),
    ])
  }

  validation() {
    return DossierRules
  }
}
