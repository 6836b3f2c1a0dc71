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
import { hookFaults } from '../hook_faults.ts'
import db from '@adonisjs/lucid/services/db'
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
    return form.schema([
      /* a position over 100 needs a role (a condition the server enforces) */
      TextInput.make('role')
        .helperText('What the label means on this post')
        .requiredWhen('position', (values) => Number(values.position) > 100),
      TextInput.make('position').numeric(),
    ])
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

  async canAccess(operation: RelationOperation, record: Label | null, user: any, context?: any) {
    if (record && operation.name === 'attach' && record.name.startsWith('Locked')) {
      return false
    }
    /* a concurrent request attaching the same label first (see relation_security.spec.ts) */
    if (record && operation.name === 'attach' && hookFaults.has('concurrentAttach')) {
      const owner = context?.http?.params?.record
      await db.table('post_labels').insert({ post_id: owner, label_id: record.id })
    }
    return granted('labels', operation.name, user)
  }
}
