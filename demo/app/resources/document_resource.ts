import {
  Action,
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
  Select,
  TextColumn,
  TextEntry,
  TextInput,
  ViewRecord,
  type Form,
  type Infolist,
  type Table,
} from 'adonis-kit'
import Document from '../models/document.ts'
import DocumentRules from '../rules/document_rules.ts'
import AuthorNameRules from '../rules/author_name_rules.ts'
import ReplaceCoverRules from '../rules/replace_cover_rules.ts'

/**
 * Documents: a cover image and attachments stored on the Drive disk, a rich
 * text body (Tiptap, sanitized on the server) and Markdown notes.
 */
export default class DocumentResource extends Resource<typeof Document> {
  model = Document
  navigationIcon = 'heroicon-o-photo'
  navigationGroup = 'Content'
  policy = () => import('../policies/editor_policy.ts')

  getPages() {
    return {
      index: ListRecords.route('/'),
      create: CreateRecord.route('/create'),
      view: ViewRecord.route('/:record'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  table(table: Table) {
    return table
      .columns([
        ImageColumn.make('cover').disk().size(40),
        TextColumn.make('title').searchable().sortable(),
        TextColumn.make('updatedAt').label('Updated').since(),
      ])
      .actions([
        /* an action form with an upload and rich text: the same field
           pipeline as the form (file checked and stored, HTML sanitized) */
        Action.make('replaceCover')
          .label('Replace cover')
          .authorizeUsing(({ user }) => user !== null)
          .form([
            FileUpload.make('cover')
              .required()
              .directory('covers')
              .image()
              .acceptedTypes(['image/png', 'image/jpeg', 'image/webp'])
              .maxSize(2 * 1024 * 1024),
            RichEditor.make('caption'),
          ])
          .rules(ReplaceCoverRules)
          .action(async ({ record, data }) => {
            const body = data.caption ? data.caption : record!.$attributes.body
            await record!.merge({ cover: data.cover, body }).save()
          }),
      ])
  }

  form(form: Form) {
    return form.columns(2).schema([
      TextInput.make('title').required().maxLength(255),
      /* the chosen owner can be renamed in place (its option form) */
      Select.make('ownerId')
        .label('Owner')
        .relationship('owner', 'name')
        .preload()
        .editOptionForm([TextInput.make('name').required().maxLength(255)], AuthorNameRules),
      FileUpload.make('cover')
        .directory('covers')
        .image()
        .acceptedTypes(['image/png', 'image/jpeg', 'image/webp'])
        .maxSize(2 * 1024 * 1024),
      FileUpload.make('attachments')
        .directory('attachments')
        .acceptedTypes(['application/pdf', 'image/png', 'image/jpeg', 'text/plain'])
        .multiple(true, 5),
      RichEditor.make('body'),
      MarkdownEditor.make('notes').rows(6),
    ])
  }

  infolist(infolist: Infolist) {
    return infolist.schema([
      TextEntry.make('title'),
      ImageEntry.make('cover').disk().size(160),
      HtmlEntry.make('body'),
      TextEntry.make('notes').markdown(),
    ])
  }

  validation() {
    return DocumentRules
  }
}
