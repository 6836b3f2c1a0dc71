import {
  RelationManager,
  TextColumn,
  TextInput,
  type Form,
  type RelationOperation,
  type Table,
} from '../../../../index.ts'
import type Item from '../models/item.ts'
import type Label from '../models/label.ts'
import type BenchUser from '../models/bench_user.ts'
import { LabelAttachRules, LabelRules } from '../rules/relation_rules.ts'
import { relationsAllow } from './notes_relation_manager.ts'

/**
 * The labels of an item (many-to-many), with the writable pivot column
 * `role`.
 */
export default class LabelsRelationManager extends RelationManager<typeof Item> {
  relationship = 'labels'
  recordTitleAttribute = 'name'
  pivotAttributes = ['role']

  table(table: Table) {
    return table.columns([TextColumn.make('name').searchable().sortable(), TextColumn.make('role')])
  }

  form(form: Form) {
    return form.schema([TextInput.make('name').required(), TextInput.make('role')])
  }

  validation() {
    return LabelRules
  }

  attachForm(form: Form) {
    return form.schema([TextInput.make('role')])
  }

  attachValidation() {
    return LabelAttachRules
  }

  getAttachRecordSelect() {
    return { label: 'Label', searchColumns: ['name'], titleAttribute: 'name' }
  }

  async canAccess(operation: RelationOperation, _record: Label | null, user: BenchUser | null) {
    return relationsAllow(operation.name, user)
  }
}
