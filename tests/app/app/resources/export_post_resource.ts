import {
  ExportAction,
  ExportBulkAction,
  ExportColumn,
  ImportAction,
  ImportColumn,
  type HookContext,
  type MutationData,
  ListRecords,
  Resource,
  SelectFilter,
  TextColumn,
  type KitContext,
  type PageRoute,
  type ResourceQuery,
  type Table,
} from '../../../../index.ts'
import Post from '../models/post.ts'
import AuditLog from '../models/audit_log.ts'
import PostRules from '../rules/post_rules.ts'

/**
 * The export list of posts: a header export (CSV) and a bulk export
 * (XLSX).
 */
class ExportPosts extends ListRecords {
  headerActions() {
    return [
      ExportAction.make('export')
        .authorizeUsing(({ user }) => Boolean(user) && user?.email !== 'no-export@example.com')
        .chunkSize(3)
        .columns([
          ExportColumn.make('id'),
          ExportColumn.make('title').label('Title'),
          ExportColumn.make('status'),
          ExportColumn.make('authorId').label('Author'),
          ExportColumn.make('createdAt').label('Created').date('short'),
        ]),
      /* a computed column: the rows are read as models */
      ExportAction.make('exportComputed')
        .authorizeUsing(({ user }) => Boolean(user))
        .chunkSize(2)
        .columns([
          ExportColumn.make('id'),
          ExportColumn.make('title').state((post) => (post as Post).title.toUpperCase()),
          ExportColumn.make('createdAt').date('short'),
        ]),
      ExportAction.make('exportXlsx')
        .authorizeUsing(({ user }) => Boolean(user))
        .format('xlsx')
        .fileName('posts-sheet')
        .columns([ExportColumn.make('id'), ExportColumn.make('title')]),
      ImportAction.make('import')
        .authorizeUsing(({ user }) => Boolean(user) && user?.email !== 'no-export@example.com')
        .chunkSize(4)
        .columns([
          ImportColumn.make('title').label('Title'),
          ImportColumn.make('body'),
          ImportColumn.make('status').guess(['state']),
        ]),
      ImportAction.make('importByTitle')
        .authorizeUsing(({ user }) => Boolean(user))
        .columns([
          ImportColumn.make('title'),
          ImportColumn.make('body'),
          ImportColumn.make('status'),
        ])
        .key('title'),
    ]
  }
}

/**
 * Posts as the export tests see them: the same scope as the posts
 * resource (admins everything, others published posts and their drafts).
 */
export default class ExportPostResource extends Resource<typeof Post> {
  model = Post
  slug = 'export-posts'
  policy = () => import('../policies/post_policy.ts')

  modifyQuery(query: ResourceQuery<typeof Post>, context: KitContext) {
    const user = context.user
    if (user?.isAdmin) return query
    return query.where((scope) => {
      scope.where('posts.status', 'published')
      if (user) scope.orWhere('posts.author_id', user.id)
    })
  }

  validation() {
    return PostRules
  }

  async mutateDataBeforeCreate(data: MutationData, context: HookContext) {
    return { ...data, authorId: context.user!.id }
  }

  async afterCreate(post: Post, _data: MutationData, context: HookContext) {
    if (post.title === 'explode') throw new Error('the hook refused this row')
    await AuditLog.create({ event: 'imported', subject: post.title }, { client: context.trx })
  }

  async afterUpdate(post: Post, _data: MutationData, context: HookContext) {
    await AuditLog.create({ event: 'reimported', subject: post.title }, { client: context.trx })
  }

  getPages(): Record<string, PageRoute> {
    return { index: ExportPosts.route('/') }
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('title').searchable().sortable(),
        TextColumn.make('status').sortable(),
      ])
      .filters([SelectFilter.make('status').options({ draft: 'Draft', published: 'Published' })])
      .bulkActions([
        ExportBulkAction.make('exportSelected')
          .authorizeUsing(({ user, record }) => !record || (record as Post).authorId === user?.id)
          .columns([ExportColumn.make('id'), ExportColumn.make('title')]),
      ])
  }
}
