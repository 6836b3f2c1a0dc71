import {
  Checkbox,
  CheckboxList,
  ColorPicker,
  KeyValue,
  Password,
  Radio,
  TagsInput,
  ColorColumn,
  ColorEntry,
  CreateRecord,
  EditRecord,
  IconEntry,
  KeyValueEntry,
  ListRecords,
  RepeatableEntry,
  SelectColumn,
  TextEntry,
  ViewRecord,
  type Infolist,
  Resource,
  Textarea,
  TextColumn,
  TextInput,
  ToggleColumn,
  type Form,
  type Table,
} from 'adonis-kit'
import Author from '../models/author.ts'
import AuthorRules from '../rules/author_rules.ts'
import { POST_STATUSES } from './post_resource.ts'

const NAME = { en: 'Name', fr: 'Nom' }
const EMAIL = { en: 'Email', fr: 'E-mail' }
const TIER = { en: 'Tier', fr: 'Niveau' }
const NEWSLETTER = { en: 'Newsletter', fr: 'Lettre d’information' }

const TIERS = {
  regular: { en: 'Regular', fr: 'Habituel' },
  guest: { en: 'Guest', fr: 'Invité' },
  sponsor: { en: 'Sponsor', fr: 'Mécène' },
}

export default class AuthorResource extends Resource<typeof Author> {
  model = Author
  /* labels per locale: the French panel (/gestion) names everything in French */
  label = { en: 'Author', fr: 'Auteur' }
  pluralLabel = { en: 'Authors', fr: 'Auteurs' }
  navigationIcon = 'heroicon-o-users'
  policy = () => import('../policies/author_policy.ts')

  globallySearchableAttributes() {
    return ['name', 'email']
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
    return table.columns([
      TextColumn.make('name').label(NAME).searchable().sortable(),
      TextColumn.make('email').label(EMAIL).searchable().sortable(),
      /* edited in place: each goes through the form field of its attribute */
      SelectColumn.make('tier').label(TIER).options(TIERS),
      ToggleColumn.make('newsletter').label(NEWSLETTER),
      ColorColumn.make('accentColor').label({ en: 'Accent', fr: 'Accent' }),
    ])
  }

  form(form: Form) {
    return form
      .columns(2)
      .schema([
        TextInput.make('name').label(NAME).required().maxLength(255),
        TextInput.make('email').label(EMAIL).email().required(),
        Textarea.make('bio').label({ en: 'Bio', fr: 'Biographie' }).rows(4),
        Checkbox.make('newsletter').label(NEWSLETTER).helperText('Sends the monthly digest'),
        CheckboxList.make('topics')
          .label({ en: 'Topics', fr: 'Sujets' })
          .options({ tech: 'Technology', design: 'Design', travel: 'Travel' })
          .columns(3),
        Radio.make('tier').label(TIER).options(TIERS).inline().default('regular'),
        TextInput.make('sponsor')
          .label({ en: 'Sponsor', fr: 'Mécène' })
          .hint('Sponsors only')
          .visibleWhen('tier', 'sponsor')
          .requiredWhen('tier', 'sponsor'),
        TagsInput.make('keywords')
          .label({ en: 'Keywords', fr: 'Mots-clés' })
          .maxItems(8)
          .maxLength(30)
          .placeholder('Add a keyword'),
        ColorPicker.make('accentColor')
          .label({ en: 'Accent color', fr: 'Couleur d’accent' })
          .default('#4f46e5'),
        KeyValue.make('links')
          .label({ en: 'Links', fr: 'Liens' })
          .keyLabel('Site')
          .valueLabel('URL'),
        Password.make('portalPassword')
          .label({ en: 'Portal password', fr: 'Mot de passe du portail' })
          .helperText('Leave blank to keep the current password')
          .confirmed()
          .revealable(),
      ])
  }

  /**
   * The view page: an icon, a badge, a color swatch, a key-value table,
   * Markdown rendered on the server and the author's posts (one query).
   */
  infolist(infolist: Infolist) {
    return infolist.schema([
      TextEntry.make('name').label(NAME),
      TextEntry.make('email').label(EMAIL).copyable(),
      IconEntry.make('newsletter'),
      TextEntry.make('tier')
        .badge()
        .color({ regular: 'gray', guest: 'primary', sponsor: 'success' }),
      ColorEntry.make('accentColor').label('Accent color'),
      KeyValueEntry.make('links').keyLabel('Site').valueLabel('URL'),
      TextEntry.make('bio').markdown(),
      RepeatableEntry.make('posts')
        .schema([
          TextEntry.make('title').label({ en: 'Title', fr: 'Titre' }),
          TextEntry.make('status')
            .options(POST_STATUSES)
            .badge()
            .color({ draft: 'gray', review: 'warning', published: 'success' }),
          IconEntry.make('isFeatured').label({ en: 'Featured', fr: 'À la une' }),
          TextEntry.make('publishedOn').label({ en: 'Published on', fr: 'Publié le' }).date(),
        ])
        .modifyQuery((query) => query.whereNull('deleted_at')),
    ])
  }

  validation() {
    return AuthorRules
  }
}
