import {
  BadgeColumn,
  CreateRecord,
  EditRecord,
  ManageRelatedRecords,
  ViewRecord,
  SelectFilter,
  Select,
  Textarea,
  Resource,
  type Table,
  TextColumn,
  type Form,
  TextInput,
  type ResourceOperation,
  type ResourceQuery,
  type HookContext,
  type PageRoute,
  type KitContext,
  type MutationData,
  type RelationManagerClass,
} from '../../../../index.ts'
import Post from '../models/post.ts'
import AuditLog from '../models/audit_log.ts'
import PostRules from '../rules/post_rules.ts'
import { maybeFail } from '../hook_faults.ts'
import ListPosts from '../pages/list_posts.ts'
import { RelationGroup } from '../../../../index.ts'
import SummaryRelationManager from '../relation_managers/summary_relation_manager.ts'
import CommentsRelationManager from '../relation_managers/comments_relation_manager.ts'
import RevisionsRelationManager from '../relation_managers/revisions_relation_manager.ts'
import LabelsRelationManager from '../relation_managers/labels_relation_manager.ts'
import { countThreshold } from '../count_threshold.ts'

/**
 * The statuses of a post, in English and French (the French "redaction"
 * panel shows them in French: option_labels.spec.ts).
 */
const STATUSES = {
  draft: { en: 'Draft', fr: 'Brouillon' },
  published: { en: 'Published', fr: 'Publié' },
}

/**
 * Posts: everyone signed in lists published posts and their own drafts;
 * the policy decides the rest.
 */
export default class PostResource extends Resource<typeof Post> {
  model = Post
  policy = () => import('../policies/post_policy.ts')

  modifyQuery(query: ResourceQuery<typeof Post>, context: KitContext) {
    const user = context.user
    if (user?.isAdmin) {
      return query
    }
    return query.where((scope) => {
      scope.where('posts.status', 'published')
      if (user) {
        scope.orWhere('posts.author_id', user.id)
      }
    })
  }

  globallySearchableAttributes() {
    return ['title', 'author.fullName']
  }

  getPages(): Record<string, PageRoute> {
    return {
      index: ListPosts.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  getRelations(): Array<RelationManagerClass | RelationGroup> {
    return [
      SummaryRelationManager,
      RelationGroup.make({ en: 'Content', fr: 'Contenu' }, [
        CommentsRelationManager,
        LabelsRelationManager,
      ])
        .id('content')
        .description({ en: 'Comments and labels', fr: 'Commentaires et libellés' })
        .icon('folder')
        .contained()
        .defaultRelation('labels'),
      RevisionsRelationManager,
    ]
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('title').searchable().sortable().editable(),
        TextColumn.make('body').searchable(),
        BadgeColumn.make('status').colors({ draft: 'gray', published: 'green' }).sortable(),
        TextColumn.make('author.fullName').label('Author').searchable(),
      ])
      .filters([
        SelectFilter.make('status').options(STATUSES),
        SelectFilter.make('author')
          .label('Author')
          .options({ mine: 'Mine', others: 'Others' })
          .query((query, value, context) => {
            if (value === 'mine') query.where('posts.author_id', context.user?.id ?? 0)
            else query.whereNot('posts.author_id', context.user?.id ?? 0)
          }),
      ])
      .paginationPageOptions([10, 25, 50, 100])
      .countStrategy('auto', countThreshold)
  }

  form(form: Form) {
    return form
      .columns(2)
      .schema([
        TextInput.make('title').required().maxLength(255),
        Textarea.make('body').rows(6),
        Select.make('status').required().options(STATUSES),
        TextInput.make('secretNote'),
      ])
  }

  validation() {
    return PostRules
  }

  async mutateDataBeforeCreate(data: MutationData, context: HookContext) {
    /* the author comes from the session, never from the input */
    return { ...data, authorId: context.user!.id }
  }

  async beforeCreate() {
    maybeFail('beforeCreate')
  }

  async afterCreate(post: Post, _data: MutationData, context: HookContext) {
    await AuditLog.create({ event: 'created', subject: post.title }, { client: context.trx })
    maybeFail('afterCreate')
  }

  async afterUpdate(post: Post, _data: MutationData, context: HookContext) {
    await AuditLog.create({ event: 'updated', subject: post.title }, { client: context.trx })
    maybeFail('afterUpdate')
  }

  async afterDelete(post: Post, context: HookContext) {
    await AuditLog.create({ event: 'deleted', subject: post.title }, { client: context.trx })
    maybeFail('afterDelete')
  }

  successMessage(operation: ResourceOperation, post: Post) {
    return `${super.successMessage(operation, post)}!`
  }
}

/**
 * The same posts with a read-only view page only (mounted through the route
 * facade): its relation managers are read-only.
 */
export class ViewOnlyPostResource extends PostResource {
  slug = 'post-views'

  getPages(): Record<string, PageRoute> {
    return {
      view: ViewRecord.route('/:record'),
      comments: ManageComments.route('/:record/comments'),
    }
  }
}

/**
 * The page of the comments relation manager.
 */
class ManageComments extends ManageRelatedRecords {
  relationManager = CommentsRelationManager
}
