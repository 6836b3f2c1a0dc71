import { errors as vineErrors } from '@vinejs/vine'
import {
  Action,
  BulkAction,
  CreateRecord,
  DeleteBulkAction,
  EditRecord,
  FileUpload,
  HtmlEntry,
  ImageColumn,
  ImageEntry,
  MarkdownEditor,
  Repeater,
  Resource,
  RichEditor,
  TextColumn,
  TextEntry,
  TextInput,
  TextInputColumn,
  ViewRecord,
  type Form,
  type Infolist,
  type KitUser,
  type Table,
} from '../../../../index.ts'
import Brochure from '../models/brochure.ts'
import BrochureRules from '../rules/brochure_rules.ts'
import BrochurePagesRelationManager from '../relation_managers/brochure_pages_relation_manager.ts'
import ListBrochures from '../pages/list_brochures.ts'
import {
  BrochureActionRules,
  brochureActionForm,
  brochureChanges,
  failAfterWrite,
  sawActionData,
} from '../action_forms.ts'

/**
 * Brochures: a cover image, a gallery, a rich body and Markdown notes. A
 * title of "explode" makes the after hooks throw (a failed transaction), and
 * the purge bulk action too. Admins only. Its pages are a relation manager.
 * Its scan is on the private disk.
 */
export default class BrochureResource extends Resource<typeof Brochure> {
  model = Brochure

  getPages() {
    return {
      index: ListBrochures.route('/'),
      create: CreateRecord.route('/create'),
      view: ViewRecord.route('/:record'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  async canAccess(_operation: unknown, _record: Brochure | null, user: KitUser | null) {
    return user?.isAdmin === true
  }

  recordTitleAttribute() {
    return 'title'
  }

  getRelations() {
    return [BrochurePagesRelationManager]
  }

  table(table: Table) {
    return (
      table
        .columns([
          ImageColumn.make('cover').disk().size(48).circular(),
          TextColumn.make('title').searchable(),
          ImageColumn.make('photoUrl'),
          /* edited in place: sanitized like the form's rich and Markdown fields */
          TextInputColumn.make('body').toggleable({ hiddenByDefault: true }),
          TextInputColumn.make('notes').toggleable({ hiddenByDefault: true }),
          ImageColumn.make('scan').disk('private'),
        ])
        /* action forms through the field pipeline (tests/functional/action_forms.spec.ts) */
        .actions([
          Action.make('revise')
            .authorizeUsing(({ user }) => user?.isAdmin === true)
            .form(brochureActionForm())
            .rules(BrochureActionRules)
            .action(async ({ record, data, halt }) => {
              sawActionData('revise', data)
              await record!.merge(brochureChanges(data)).save()
              failAfterWrite(data, halt)
            }),
        ])
        .bulkActions([
          DeleteBulkAction.make(),
          BulkAction.make('restyle')
            .authorizeUsing(({ user }) => user?.isAdmin === true)
            .form(brochureActionForm())
            .rules(BrochureActionRules)
            .eachRecord(async ({ record, data }) => {
              sawActionData('restyle', data)
              await record.merge(brochureChanges(data)).save()
            }),
          /* deletes each record itself; "explode" throws after the delete */
          BulkAction.make('purge')
            .authorizeUsing(({ user }) => user?.isAdmin === true)
            .eachRecord(async ({ record }) => {
              await record.delete()
              refuseExplosion(record as Brochure)
            }),
        ])
    )
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('title').required(),
      FileUpload.make('cover')
        .directory('covers')
        .image()
        .acceptedTypes(['image/png', 'image/jpeg'])
        .maxSize(64 * 1024),
      FileUpload.make('gallery').directory('gallery').image().multiple(true, 3),
      /* on the private disk: its URLs are signed and expire */
      FileUpload.make('scan').disk('private').directory('scans').image(),
      RichEditor.make('body'),
      MarkdownEditor.make('notes'),
      TextInput.make('photoUrl'),
      /* stored as the brochure's items (a has-many relationship) */
      Repeater.make('items')
        .relationship('items', { orderColumn: 'position' })
        .schema([TextInput.make('label').required(), TextInput.make('quantity').numeric()]),
    ])
  }

  infolist(infolist: Infolist) {
    return infolist.schema([
      TextEntry.make('title'),
      ImageEntry.make('cover').disk().size(120),
      HtmlEntry.make('body'),
      ImageEntry.make('photoUrl').circular(),
      ImageEntry.make('scan').disk('private'),
    ])
  }

  validation() {
    return BrochureRules
  }

  async afterCreate(record: Brochure) {
    refuseExplosion(record)
  }

  async afterUpdate(record: Brochure) {
    refuseExplosion(record)
  }
}

/**
 * The after hooks refuse a title of "explode" with a field error (a 422):
 * the transaction rolls back after the files were written.
 */
function refuseExplosion(record: Brochure) {
  if (record.title === 'explode') {
    throw new vineErrors.E_VALIDATION_ERROR([
      { field: 'title', message: 'The after hook refused this title', rule: 'hook' },
    ])
  }
}
