import { errors as vineErrors } from '@vinejs/vine'
import {
  CreateRecord,
  EditRecord,
  FileUpload,
  HtmlEntry,
  ImageColumn,
  ImageEntry,
  ListRecords,
  MarkdownEditor,
  Resource,
  RichEditor,
  TextColumn,
  TextEntry,
  TextInput,
  ViewRecord,
  type Form,
  type Infolist,
  type KitUser,
  type Table,
} from '../../../../index.ts'
import Brochure from '../models/brochure.ts'
import BrochureRules from '../rules/brochure_rules.ts'

/**
 * Brochures: a cover image, a gallery, a rich body and Markdown notes. A
 * title of "explode" makes the after hooks throw (a failed transaction).
 * Admins only.
 */
export default class BrochureResource extends Resource<typeof Brochure> {
  model = Brochure

  getPages() {
    return {
      index: ListRecords.route('/'),
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

  table(table: Table) {
    return table.columns([
      ImageColumn.make('cover').disk().size(48).circular(),
      TextColumn.make('title').searchable(),
      ImageColumn.make('photoUrl'),
    ])
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
      RichEditor.make('body'),
      MarkdownEditor.make('notes'),
      TextInput.make('photoUrl'),
    ])
  }

  infolist(infolist: Infolist) {
    return infolist.schema([
      TextEntry.make('title'),
      ImageEntry.make('cover').disk().size(120),
      HtmlEntry.make('body'),
      ImageEntry.make('photoUrl').circular(),
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
