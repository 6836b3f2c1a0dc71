import {
  RelationManager,
  TextColumn,
  TextInput,
  type Form,
  type RelationOperation,
  type Table,
} from '../../../../index.ts'
import type Post from '../models/post.ts'
import { granted } from '../relation_grants.ts'
import { RevisionRules } from '../rules/relation_rules.ts'

/**
 * Has-many with a non-nullable foreign key: associate is offered,
 * dissociation is not (it would need a nullable key).
 */
export default class RevisionsRelationManager extends RelationManager<typeof Post> {
  relationship = 'revisions'
  recordTitleAttribute = 'note'
  associates = true

  table(table: Table) {
    return table.columns([TextColumn.make('note').searchable()])
  }

  form(form: Form) {
    return form.schema([TextInput.make('note').required()])
  }

  validation() {
    return RevisionRules
  }

  async canAccess(operation: RelationOperation, _record: unknown, user: any) {
    return granted('revisions', operation.name, user)
  }
}
