import { RelationManager, TextColumn, type RelationOperation, type Table } from 'adonis-kit'
import type Post from '../models/post.ts'

/**
 * The tags of a post (many-to-many): attached through a searchable
 * chooser and detached.
 */
export default class TagsRelationManager extends RelationManager<typeof Post> {
  relationship = 'tags'
  recordTitleAttribute = 'name'

  table(table: Table) {
    return table.columns([TextColumn.make('name').searchable().sortable()])
  }

  getAttachRecordSelect() {
    return { label: 'Tag', searchColumns: ['name'], titleAttribute: 'name' }
  }

  /* tags are created, renamed and deleted on their own page: here they are only attached and detached */
  async canAccess(operation: RelationOperation, _record: unknown, user: unknown) {
    return !!user && ['viewAny', 'attach', 'detach'].includes(operation.name)
  }
}
