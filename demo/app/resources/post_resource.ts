import {
  BadgeColumn,
  BulkAction,
  CreateRecord,
  DatePicker,
  DeleteBulkAction,
  EditRecord,
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
} from 'adonis-kit'
import Post from '../models/post.ts'
import Author from '../models/author.ts'
import PostRules from '../rules/post_rules.ts'
import TagRules from '../rules/tag_rules.ts'
import ListPosts from '../pages/list_posts.ts'
import ManagePostTags from '../pages/manage_post_tags.ts'
import CommentsRelationManager from '../relation_managers/comments_relation_manager.ts'
import TagsRelationManager from '../relation_managers/tags_relation_manager.ts'

const STATUSES = { draft: 'Draft', review: 'In review', published: 'Published' }

/**
 * Posts: soft-deleting, with tabs, filters, a row action and bulk actions.
 */
export default class PostResource extends Resource<typeof Post> {
  model = Post
  navigationIcon = 'heroicon-o-document-text'
  navigationGroup = 'Content'
  softDeletes = true
  policy = () => import('../policies/post_policy.ts')

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
      RelationGroup.make('Related content', [CommentsRelationManager, TagsRelationManager])
        .id('related')
        .description('Comments and tags of this post'),
    ]
  }

  widgets() {
    return [
      StatsWidget.make('posts')
        .label('Posts')
        .stats([
          Stat.make('Visible to you').value(({ count }) => count()),
          Stat.make('Published').value(({ query, count }) =>
            count(query.where('posts.status', 'published'))
          ),
          Stat.make('Drafts').value(({ query, count }) =>
            count(query.where('posts.status', 'draft'))
          ),
        ]),
    ]
  }

  infolist(infolist: Infolist) {
    return infolist.schema([
      TextEntry.make('title'),
      TextEntry.make('status'),
      TextEntry.make('author.name').label('Author'),
      TextEntry.make('isFeatured').label('Featured'),
      TextEntry.make('publishedOn').label('Published on'),
      TextEntry.make('body'),
    ])
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('title').searchable().sortable(),
        TextColumn.make('author.name').label('Author').searchable(),
        BadgeColumn.make('status')
          .colors({ draft: 'gray', review: 'warning', published: 'success' })
          .sortable(),
        TextColumn.make('isFeatured').label('Featured'),
      ])
      .filters([
        SelectFilter.make('status').options(STATUSES),
        TernaryFilter.make('isFeatured')
          .label('Featured')
          .trueLabel('Featured')
          .falseLabel('Not featured'),
        DateRangeFilter.make('publishedOn').label('Published'),
      ])
      .actions([
        Action.make('publish')
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
          .label('Comments')
          .url('/admin/posts/{record}/comments')
          .method('get')
          .authorizeUsing(({ user }) => !!user),
      ])
      .bulkActions([
        BulkAction.make('publish')
          .label('Publish')
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
      TextInput.make('title').required().maxLength(255),
      Select.make('status').required().options(STATUSES),
      Textarea.make('body').rows(6),
      DatePicker.make('publishedOn').label('Published on'),
      Toggle.make('isFeatured').label('Featured').default(false),
      Select.make('tags')
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
