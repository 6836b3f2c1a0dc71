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
import PostResource from './post_resource.ts'

/**
 * The comments of a post, as a resource nested under posts
 * (`/admin/posts/:post/comments`): every query runs through the post,
 * resolved first through the posts' scoped query. Comments are also listed
 * and added from the post's relation managers.
 */
export default class CommentResource extends Resource<typeof Comment> {
  model = Comment
  policy = () => import('../policies/editor_policy.ts')

  getParentResourceRegistration() {
    return PostResource.asParent().relationship('comments').inverseRelationship('post')
  }

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
      ])
      .groupBy('authorName', { label: 'Written by' })
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
