import {
  EditRecord,
  ListRecords,
  Resource,
  Textarea,
  TextColumn,
  TextInput,
  DeleteBulkAction,
  type Form,
  type Table,
} from 'adonis-kit'
import Comment from '../models/comment.ts'
import CommentRules from '../rules/comment_rules.ts'

/**
 * Comments are written on posts (see the post's relation managers); the
 * resource lists, edits and deletes them.
 */
export default class CommentResource extends Resource<typeof Comment> {
  model = Comment
  policy = () => import('../policies/editor_policy.ts')

  getPages() {
    return {
      index: ListRecords.route('/'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('body').searchable(),
        TextColumn.make('authorName').label('Written by').searchable().sortable(),
        TextColumn.make('post.title').label('Post'),
      ])
      .bulkActions([DeleteBulkAction.make()])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('authorName').label('Written by').required(),
      Textarea.make('body').required().rows(4),
    ])
  }

  validation() {
    return CommentRules
  }
}
