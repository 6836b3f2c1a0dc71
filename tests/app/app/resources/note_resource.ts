import { Resource, type Table, TextColumn, type Form, TextInput } from '../../../../index.ts'
import Note from '../models/note.ts'
import NoteRules from '../rules/note_rules.ts'

/**
 * No policy and no canAccess override: every operation is denied.
 */
export default class NoteResource extends Resource<typeof Note> {
  model = Note

  table(table: Table) {
    return table.columns([TextColumn.make('content')])
  }

  form(form: Form) {
    return form.schema([TextInput.make('content')])
  }

  validation() {
    return NoteRules
  }
}
