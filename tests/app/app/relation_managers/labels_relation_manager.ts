import {
  RelationManager,
  TextColumn,
  TextInput,
  type Form,
  type KitContext,
  type RelatedQuery,
  type RelationOperation,
  type Table,
} from '../../../../index.ts'
import type Post from '../models/post.ts'
import type Label from '../models/label.ts'
import { granted } from '../relation_grants.ts'
import { LabelAttachRules, LabelRules } from '../rules/relation_rules.ts'

/**
 * Many-to-many with the writable pivot columns `role` and `position`. Only
 * public labels may be attached; a label named "Locked..." is refused by the
 * candidate authorization.
 */
export default class LabelsRelationManager extends RelationManager<typeof Post> {
  relationship = 'labels'
  recordTitleAttribute = 'name'
  pivotAttributes = ['role', 'position']

  table(table: Table) {
    return table.columns([
      TextColumn.make('name').searchable().sortable(),
      TextColumn.make('role'),
      TextColumn.make('position'),
    ])
  }

  form(form: Form) {
    return form.schema([TextInput.make('name').required(), TextInput.make('role')])
  }

  validation() {
    return LabelRules
  }

  attachForm(form: Form) {
    return form.schema([TextInput.make('role'), TextInput.make('position').numeric()])
  }

  attachValidation() {
    return LabelAttachRules
  }

  getAttachRecordSelect() {
    return { label: 'Label', searchColumns: ['name'], titleAttribute: 'name' }
  }

  modifyAttachQuery(query: RelatedQuery, _context: KitContext) {
    return query.where('labels.scope', 'public')
  }

  async canAccess(operation: RelationOperation, record: Label | null, user: any) {
    if (record && operation.name === 'attach' && record.name.startsWith('Locked')) {
      return false
    }
    return granted('labels', operation.name, user)
  }
}
