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
  type NavigationBadgeContext,
} from 'adonis-kit'
import { DateTime } from 'luxon'
import Document from '../models/document.ts'
import DocumentRules from '../rules/document_rules.ts'
import AuthorNameRules from '../rules/author_name_rules.ts'
import ReplaceCoverRules from '../rules/replace_cover_rules.ts'

const TITLE = { en: 'Title', fr: 'Titre' }
const COVER = { en: 'Cover', fr: 'Couverture' }
const BODY = { en: 'Body', fr: 'Texte' }
const NOTES = { en: 'Notes', fr: 'Notes' }

/**
 * Documents: a cover image and attachments stored on the Drive disk, a rich
 * text body (Tiptap, sanitized on the server) and Markdown notes.
 */
export default class DocumentResource extends Resource<typeof Document> {
  model = Document
  navigationIcon = 'heroicon-o-photo'
  label = { en: 'Document', fr: 'Document' }
  pluralLabel = { en: 'Documents', fr: 'Documents' }
  navigationGroup = { en: 'Content', fr: 'Contenu' }
  navigationBadgeColor = 'primary' as const
  policy = () => import('../policies/editor_policy.ts')

  /** The documents added this week (read "Documents, 4 new") */
  navigationBadge(context: NavigationBadgeContext) {
    const since = DateTime.now().minus({ days: 7 }).toUTC().toFormat('yyyy-MM-dd HH:mm:ss')
    return context.count((query) => query.where('created_at', '>=', since))
  }

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
        ImageColumn.make('cover').label(COVER).disk().size(40),
        TextColumn.make('title').label(TITLE).searchable().sortable(),
        TextColumn.make('updatedAt').label({ en: 'Updated', fr: 'Modifié' }).since(),
      ])
      .actions([
        /* an action form with an upload and rich text: the same field
           pipeline as the form (file checked and stored, HTML sanitized) */
        Action.make('replaceCover')
          .label({ en: 'Replace cover', fr: 'Remplacer la couverture' })
          .authorizeUsing(({ user }) => user !== null)
          .form([
            FileUpload.make('cover')
              .label(COVER)
              .required()
              .directory('covers')
              .image()
              .acceptedTypes(['image/png', 'image/jpeg', 'image/webp'])
              .maxSize(2 * 1024 * 1024),
            RichEditor.make('caption').label({ en: 'Caption', fr: 'Légende' }),
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
      TextInput.make('title').label(TITLE).required().maxLength(255),
      /* the chosen owner can be renamed in place (its option form) */
      Select.make('ownerId')
        .label({ en: 'Owner', fr: 'Propriétaire' })
        .relationship('owner', 'name')
        .preload()
        .editOptionForm([TextInput.make('name').required().maxLength(255)], AuthorNameRules),
      FileUpload.make('cover')
        .label(COVER)
        .directory('covers')
        .image()
        .acceptedTypes(['image/png', 'image/jpeg', 'image/webp'])
        .maxSize(2 * 1024 * 1024),
      FileUpload.make('attachments')
        .label({ en: 'Attachments', fr: 'Pièces jointes' })
        .directory('attachments')
        .acceptedTypes(['application/pdf', 'image/png', 'image/jpeg', 'text/plain'])
        .multiple(true, 5),
      RichEditor.make('body').label(BODY),
      MarkdownEditor.make('notes').label(NOTES).rows(6),
    ])
  }

  infolist(infolist: Infolist) {
    return infolist.schema([
      TextEntry.make('title').label(TITLE),
      ImageEntry.make('cover').label(COVER).disk().size(160),
      HtmlEntry.make('body').label(BODY),
      TextEntry.make('notes').label(NOTES).markdown(),
    ])
  }

  validation() {
    return DocumentRules
  }
}
