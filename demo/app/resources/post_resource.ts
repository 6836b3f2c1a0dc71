import {
  BadgeColumn,
  BulkAction,
  CreateRecord,
  DatePicker,
  DeleteBulkAction,
  EditRecord,
  Filter,
  Action,
  type Infolist,
  RelationGroup,
  Resource,
  Stat,
  StatsWidget,
  TextEntry,
  ViewRecord,
  RestoreBulkAction,
  Select,
  SelectFilter,
  TernaryFilter,
  DateRangeFilter,
  Textarea,
  TextColumn,
  TextInput,
  Toggle,
  type Form,
  type HookContext,
  type MutationData,
  type Table,
  type NavigationBadgeContext,
} from 'adonis-kit'
import Post from '../models/post.ts'
import Author from '../models/author.ts'
import PostRules from '../rules/post_rules.ts'
import TagRules from '../rules/tag_rules.ts'
import ListPosts from '../pages/list_posts.ts'
import ManagePostTags from '../pages/manage_post_tags.ts'
import CommentsRelationManager from '../relation_managers/comments_relation_manager.ts'
import TagsRelationManager from '../relation_managers/tags_relation_manager.ts'

const TITLE = { en: 'Title', fr: 'Titre' }
const AUTHOR = { en: 'Author', fr: 'Auteur' }
const STATUS = { en: 'Status', fr: 'Statut' }
const FEATURED = { en: 'Featured', fr: 'À la une' }
const PUBLISHED_ON = { en: 'Published on', fr: 'Publié le' }
const PUBLISH = { en: 'Publish', fr: 'Publier' }

/** The statuses of a post, in English and French (tables, filters, forms and History show them) */
export const POST_STATUSES = {
  draft: { en: 'Draft', fr: 'Brouillon' },
  review: { en: 'In review', fr: 'En relecture' },
  published: { en: 'Published', fr: 'Publié' },
}

/** The categories of a post and the subcategories each offers */
export const POST_CATEGORIES = {
  news: { en: 'News', fr: 'Actualités' },
  guides: { en: 'Guides', fr: 'Guides' },
}
const SUBCATEGORIES: Record<string, Record<string, { en: string; fr: string }>> = {
  news: {
    releases: { en: 'Releases', fr: 'Versions' },
    events: { en: 'Events', fr: 'Événements' },
  },
  guides: {
    basics: { en: 'Basics', fr: 'Premiers pas' },
    advanced: { en: 'Advanced', fr: 'Avancé' },
  },
}

/** The subcategories of a category (none for an unknown one) */
function subcategoriesOf(category: unknown) {
  return typeof category === 'string' && Object.hasOwn(SUBCATEGORIES, category)
    ? SUBCATEGORIES[category]
    : null
}

/** A slug of a title: lower case ASCII words joined by hyphens */
export function slugify(title: string) {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 255)
}

type PostFormValues = { title: string; slug: string; category: string; subcategory: string }

/** A title shorter than this many characters is "short" (the wording filter) */
export const SHORT_TITLE = 20

const TITLE_LENGTHS = {
  short: {
    en: `Short (under ${SHORT_TITLE} characters)`,
    fr: `Court (moins de ${SHORT_TITLE} caractères)`,
  },
  long: { en: 'Long', fr: 'Long' },
}

/**
 * Posts: soft-deleting, with tabs, filters, a row action and bulk actions.
 */
export default class PostResource extends Resource<typeof Post> {
  model = Post
  label = { en: 'Post', fr: 'Article' }
  pluralLabel = { en: 'Posts', fr: 'Articles' }
  navigationIcon = 'heroicon-o-document-text'
  navigationGroup = { en: 'Content', fr: 'Contenu' }
  /* the drafts, counted after the page through the scoped query */
  navigationBadgeColor = 'warning' as const
  navigationBadgeTooltip = { en: 'Drafts', fr: 'Brouillons' }
  softDeletes = true
  policy = () => import('../policies/post_policy.ts')

  navigationBadge(context: NavigationBadgeContext) {
    return context.count((query) => query.where('posts.status', 'draft'))
  }

  getPages() {
    return {
      index: ListPosts.route('/'),
      create: CreateRecord.route('/create'),
      view: ViewRecord.route('/:record'),
      edit: EditRecord.route('/:record/edit'),
      tags: ManagePostTags.route('/:record/tags'),
    }
  }

  globallySearchableAttributes() {
    return ['title', 'author.name']
  }

  recordSubNavigation() {
    return ['view', 'edit', 'tags']
  }

  getRelations() {
    return [
      RelationGroup.make({ en: 'Related content', fr: 'Contenu associé' }, [
        CommentsRelationManager,
        TagsRelationManager,
      ])
        .id('related')
        .description({
          en: 'Comments and tags of this post',
          fr: 'Commentaires et étiquettes de cet article',
        }),
    ]
  }

  widgets() {
    return [
      StatsWidget.make('posts')
        .label({ en: 'Posts', fr: 'Articles' })
        .stats([
          Stat.make({ en: 'Visible to you', fr: 'Visibles pour vous' }).value(({ count }) =>
            count()
          ),
          Stat.make({ en: 'Published', fr: 'Publiés' }).value(({ query, count }) =>
            count(query.where('posts.status', 'published'))
          ),
          Stat.make({ en: 'Drafts', fr: 'Brouillons' }).value(({ query, count }) =>
            count(query.where('posts.status', 'draft'))
          ),
        ]),
    ]
  }

  infolist(infolist: Infolist) {
    return infolist.schema([
      TextEntry.make('title').label(TITLE),
      TextEntry.make('status').label(STATUS),
      TextEntry.make('author.name').label(AUTHOR),
      TextEntry.make('isFeatured').label(FEATURED),
      TextEntry.make('publishedOn').label(PUBLISHED_ON),
      TextEntry.make('body').label({ en: 'Body', fr: 'Texte' }),
    ])
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('title').label(TITLE).searchable().sortable(),
        TextColumn.make('author.name').label(AUTHOR).searchable(),
        BadgeColumn.make('status')
          .label(STATUS)
          .colors({ draft: 'gray', review: 'warning', published: 'success' })
          .sortable(),
        TextColumn.make('isFeatured').label(FEATURED),
      ])
      .filters([
        SelectFilter.make('status').label(STATUS).options(POST_STATUSES),
        TernaryFilter.make('isFeatured')
          .label(FEATURED)
          .trueLabel(FEATURED)
          .falseLabel({ en: 'Not featured', fr: 'Pas à la une' }),
        DateRangeFilter.make('publishedOn').label({ en: 'Published', fr: 'Publication' }),
        /* a form filter: its fields are its UI, `query()` reads their values */
        Filter.make('wording')
          .label({ en: 'Title wording', fr: 'Formulation du titre' })
          .form([
            TextInput.make('contains').label({ en: 'Title contains', fr: 'Le titre contient' }),
            Select.make('length')
              .label({ en: 'Title length', fr: 'Longueur du titre' })
              .options(TITLE_LENGTHS),
          ])
          .query((query, data) => {
            if (typeof data.contains === 'string') {
              /* the person's % and _ are literal (escaped with !) */
              const pattern = `%${data.contains.replace(/[!%_]/g, '!$&')}%`
              query.whereRaw(`lower(title) like lower(?) escape '!'`, [pattern])
            }
            if (data.length === 'short') query.whereRaw('length(title) < ?', [SHORT_TITLE])
            if (data.length === 'long') query.whereRaw('length(title) >= ?', [SHORT_TITLE])
          }),
      ])
      .actions([
        Action.make('publish')
          .label(PUBLISH)
          .color('success')
          .requiresConfirmation()
          .authorizeUsing(({ user }) => !!user)
          .action(async ({ record }) => {
            const post = record as Post
            post.status = 'published'
            await post.save()
            return `Published “${post.title}”`
          }),
        Action.make('comments')
          .label({ en: 'Comments', fr: 'Commentaires' })
          .url('/admin/posts/{record}/comments')
          .method('get')
          .authorizeUsing(({ user }) => !!user),
      ])
      .bulkActions([
        BulkAction.make('publish')
          .label(PUBLISH)
          .color('success')
          .authorizeUsing(({ user }) => !!user)
          .eachRecord(async ({ record }) => {
            const post = record as Post
            post.status = 'published'
            await post.save()
          }),
        DeleteBulkAction.make(),
        RestoreBulkAction.make(),
      ])
      .paginationPageOptions([10, 25, 50])
  }

  form(form: Form) {
    return form.columns(2).schema([
      TextInput.make('title')
        .label(TITLE)
        .required()
        .maxLength(255)
        /* the slug follows the title when the person leaves the title field */
        .live({ onBlur: true })
        .afterStateUpdated<PostFormValues>(({ state, set }) => {
          set('slug', slugify(String(state ?? '')))
        }),
      TextInput.make('slug').label({ en: 'Slug', fr: 'Identifiant d’URL' }).maxLength(255),
      Select.make('category')
        .label({ en: 'Category', fr: 'Catégorie' })
        .options(POST_CATEGORIES)
        .live()
        /* another category: the subcategory is chosen again */
        .afterStateUpdated<PostFormValues>(({ set }) => set('subcategory', '')),
      Select.make('subcategory')
        .label({ en: 'Subcategory', fr: 'Sous-catégorie' })
        .options<PostFormValues>(({ get }) => subcategoriesOf(get('category')) ?? {})
        .disabled<PostFormValues>(({ get }) => !subcategoriesOf(get('category')))
        .required<PostFormValues>(({ get }) => !!subcategoriesOf(get('category'))),
      Select.make('status').label(STATUS).required().options(POST_STATUSES),
      Textarea.make('body').label({ en: 'Body', fr: 'Texte' }).rows(6),
      DatePicker.make('publishedOn').label(PUBLISHED_ON),
      Toggle.make('isFeatured').label(FEATURED).default(false),
      Select.make('tags')
        .label({ en: 'Tags', fr: 'Étiquettes' })
        .relationship('tags', 'name')
        .preload()
        .createOptionForm([TextInput.make('name').required().maxLength(60)], TagRules),
    ])
  }

  validation() {
    return PostRules
  }

  /* the author is the signed-in user's author profile, never an input */
  async mutateDataBeforeCreate(data: MutationData, context: HookContext) {
    const author = await Author.query({ client: context.trx })
      .where('user_id', context.user!.id)
      .firstOrFail()
    return { ...data, authorId: author.id }
  }
}
