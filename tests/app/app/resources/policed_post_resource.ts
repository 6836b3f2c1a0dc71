import {
  RelationManager,
  TextColumn,
  Textarea,
  type Form,
  type RelationGroup,
  type RelationManagerClass,
  type Table,
  type MutationData,
  type RelationHookContext,
} from '../../../../index.ts'
import AuditLog from '../models/audit_log.ts'
import type Comment from '../models/comment.ts'
import { maybeFail } from '../hook_faults.ts'
import type Post from '../models/post.ts'
import { CommentRules } from '../rules/relation_rules.ts'
import PostResource from './post_resource.ts'

/**
 * Comments authorized by the related model's policy (no `canAccess()`).
 */
export class PolicedCommentsRelationManager extends RelationManager<typeof Post> {
  relationship = 'comments'
  recordTitleAttribute = 'body'
  policy = () => import('../policies/comment_policy.ts')
  dissociates = true
  foreignKeyNullable = true

  table(table: Table) {
    return table.columns([TextColumn.make('body')])
  }

  form(form: Form) {
    return form.schema([Textarea.make('body').required()])
  }

  validation() {
    return CommentRules
  }

  /* the resource hooks run for related records too, with the owner */
  async afterCreate(comment: Comment, _data: MutationData, context: RelationHookContext) {
    await AuditLog.create(
      { event: 'commentCreated', subject: `${context.owner.$primaryKeyValue}:${comment.body}` },
      { client: context.trx }
    )
    maybeFail('commentAfterCreate')
  }

  async mutateDataBeforeSave(data: MutationData) {
    return typeof data.body === 'string' ? { ...data, body: data.body.trim() } : data
  }
}

/**
 * Labels without a policy nor a `canAccess()`: the owner's PostPolicy
 * `update()` decides.
 */
export class PolicedLabelsRelationManager extends RelationManager<typeof Post> {
  relationship = 'labels'
  recordTitleAttribute = 'name'

  table(table: Table) {
    return table.columns([TextColumn.make('name')])
  }
}

/**
 * Posts whose relation managers use the default, policy-based decision
 * (mounted through the route facade).
 */
export default class PolicedPostResource extends PostResource {
  slug = 'policed-posts'

  getRelations(): Array<RelationManagerClass | RelationGroup> {
    return [PolicedCommentsRelationManager, PolicedLabelsRelationManager]
  }
}
