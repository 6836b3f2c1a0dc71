import {
  RelationManager,
  Textarea,
  TextColumn,
  type Form,
  type RelationOperation,
  type Table,
} from '../../../../index.ts'
import type Item from '../models/item.ts'
import type Note from '../models/note.ts'
import type BenchUser from '../models/bench_user.ts'
import { NoteRules } from '../rules/relation_rules.ts'

/**
 * The notes of an item (has-many): admins manage them; other users do not
 * see the managers (their edit page is the form alone). The hand-written
 * controller applies the same rule.
 */
export default class NotesRelationManager extends RelationManager<typeof Item> {
  relationship = 'notes'
  recordTitleAttribute = 'body'

  table(table: Table) {
    return table.columns([TextColumn.make('body').searchable().sortable()])
  }

  form(form: Form) {
    return form.schema([Textarea.make('body').required()])
  }

  validation() {
    return NoteRules
  }

  async canAccess(operation: RelationOperation, _record: Note | null, user: BenchUser | null) {
    return relationsAllow(operation.name, user)
  }
}

/**
 * Who may do what with notes and labels: every operation for admins,
 * nothing for anyone else.
 */
export function relationsAllow(_operation: string, user: BenchUser | null) {
  return user?.isAdmin === true
}
