import {
  RelationManager,
  TextColumn,
  TextInput,
  Textarea,
  type Form,
  type RelationOperation,
  type Table,
} from 'adonis-kit'
import type Post from '../models/post.ts'
import CommentRules from '../rules/comment_rules.ts'

/**
 * The comments of a post (has-many): listed, added, edited and deleted
 * from the post's edit page.
 */
export default class CommentsRelationManager extends RelationManager<typeof Post> {
  relationship = 'comments'
  recordTitleAttribute = 'body'

  table(table: Table) {
    return table.columns([
      TextColumn.make('authorName').label('Written by').searchable().sortable(),
      TextColumn.make('body').label('Comment').searchable(),
    ])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('authorName').label('Written by').required().maxLength(255),
      Textarea.make('body').label('Comment').required().rows(3),
    ])
  }

  validation() {
    return CommentRules
  }

  /* the demo editor may do everything; the owner post's own policy still applies */
  async canAccess(_operation: RelationOperation, _record: unknown, user: unknown) {
    return !!user
  }
}
