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
import { SummaryRules } from '../rules/relation_rules.ts'

/**
 * Has-one: the post's summary.
 */
export default class SummaryRelationManager extends RelationManager<typeof Post> {
  relationship = 'summary'
  recordTitleAttribute = 'text'

  table(table: Table) {
    return table.columns([TextColumn.make('text')])
  }

  form(form: Form) {
    return form.schema([TextInput.make('text').required()])
  }

  validation() {
    return SummaryRules
  }

  async canAccess(operation: RelationOperation, _record: unknown, user: any) {
    return granted('summary', operation.name, user)
  }
}
