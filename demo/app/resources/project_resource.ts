import {
  BadgeColumn,
  CreateRecord,
  EditRecord,
  ListRecords,
  NumericRangeFilter,
  Resource,
  Select,
  TextColumn,
  TextInput,
  type Form,
  type Table,
} from 'adonis-kit'
import Project from '../models/project.ts'
import ProjectRules from '../rules/project_rules.ts'

const STATUSES = { active: 'Active', archived: 'Archived' }

/**
 * Projects belong to a team: the workspace panel serves them under the
 * team's slug (`/:team/workspace/projects`), every query is constrained to
 * that team and created projects receive its key on the server.
 */
export default class ProjectResource extends Resource<typeof Project> {
  model = Project
  navigationIcon = 'heroicon-o-briefcase'
  navigationGroup = 'Content'
  tenantRelationship = 'team'
  policy = () => import('../policies/editor_policy.ts')

  getPages() {
    return {
      index: ListRecords.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('name').searchable().sortable(),
        BadgeColumn.make('status').colors({ active: 'success', archived: 'gray' }),
        TextColumn.make('budgetCents')
          .label('Budget')
          .money('EUR', { divideBy: 100 })
          .sortable()
          .summarize('sum')
          .summarize('average'),
        /* an unsafe address (javascript:) shows as text, never as a link */
        TextColumn.make('website').url().copyable(),
        TextColumn.make('createdAt').label('Created').since(),
      ])
      .filters([NumericRangeFilter.make('budgetCents').label('Budget (EUR)').scale(100)])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('name').required().maxLength(120),
      Select.make('status').required().options(STATUSES),
      TextInput.make('budgetCents').label('Budget (cents)').numeric(),
      TextInput.make('website').maxLength(255),
    ])
  }

  validation() {
    return ProjectRules
  }
}
