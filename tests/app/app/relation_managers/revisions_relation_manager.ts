import {
  Action,
  RelationManager,
  TextColumn,
  TextInput,
  type Form,
  type RelationOperation,
  type Table,
} from '../../../../index.ts'
import type Post from '../models/post.ts'
import type Revision from '../models/revision.ts'
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
    return table.columns([TextColumn.make('note').searchable()]).actions([
      /* a custom definition with a preset name wins: revisions are withdrawn, not deleted */
      Action.make('delete')
        .label('Withdraw')
        .authorizeUsing(({ user }) => granted('revisions', 'withdraw', user))
        .action(async ({ record }) => {
          const revision = record as Revision
          revision.note = `[withdrawn] ${revision.note}`
          await revision.save()
          return 'Withdrawn'
        }),
    ])
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
