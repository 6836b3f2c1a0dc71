import {
  BulkAction,
  RelationManager,
  TextColumn,
  Textarea,
  type Form,
  type KitContext,
  type RelatedQuery,
  type RelationHookContext,
  type RelationOperation,
  type Table,
} from '../../../../index.ts'
import db from '@adonisjs/lucid/services/db'
import type Post from '../models/post.ts'
import Comment from '../models/comment.ts'
import AuditLog from '../models/audit_log.ts'
import { granted } from '../relation_grants.ts'
import { CommentRules } from '../rules/relation_rules.ts'
import { maybeFail } from '../hook_faults.ts'

/**
 * Has-many with a nullable foreign key: soft deletes, associate and
 * dissociate. Hidden comments cannot be associated; a comment whose body
 * starts with "Locked" is refused by the candidate authorization.
 */
export default class CommentsRelationManager extends RelationManager<typeof Post> {
  relationship = 'comments'
  recordTitleAttribute = 'body'
  softDeletes = true
  associates = true
  dissociates = true
  foreignKeyNullable = true

  table(table: Table) {
    return table
      .columns([TextColumn.make('body').searchable().sortable(), TextColumn.make('visibility')])
      .bulkActions([
        BulkAction.make('markHidden')
          /* reads the database per record (a connection of its own) */
          .authorizeUsing(
            async ({ user }) =>
              granted('comments', 'markHidden', user) &&
              (await db.from('users').where('id', user!.id).first()) !== null
          )
          .eachRecord(async ({ record }) => {
            ;(record as Comment).visibility = 'hidden'
            await record.save()
          }),
        /* a custom definition with a preset name wins over the preset */
        BulkAction.make('forceDelete')
          .label('Purge')
          .authorizeUsing(({ user }) => granted('comments', 'purge', user))
          .eachRecord(async ({ record, trx }) => {
            await AuditLog.create(
              { event: 'commentPurged', subject: (record as Comment).body },
              { client: trx }
            )
            await record.delete()
          }),
      ])
  }

  form(form: Form) {
    return form.schema([Textarea.make('body').required()])
  }

  validation() {
    return CommentRules
  }

  modifyAssociateQuery(query: RelatedQuery, _context: KitContext) {
    return query.where('comments.visibility', 'public')
  }

  async canAccess(operation: RelationOperation, record: Comment | null, user: any) {
    if (record && operation.name === 'associate' && record.body.startsWith('Locked')) {
      return false
    }
    if (record && operation.name === 'delete' && record.body.startsWith('Pinned')) {
      return false
    }
    return granted('comments', operation.name, user)
  }

  async afterRestore(comment: Comment, context: RelationHookContext<typeof Post>) {
    await AuditLog.create(
      { event: 'commentRestored', subject: `${context.owner.id}:${comment.body}` },
      { client: context.trx }
    )
    maybeFail('commentAfterRestore')
  }

  async afterForceDelete(comment: Comment, context: RelationHookContext<typeof Post>) {
    await AuditLog.create(
      { event: 'commentForceDeleted', subject: comment.body },
      { client: context.trx }
    )
    maybeFail('commentAfterForceDelete')
  }
}

export { Comment }
