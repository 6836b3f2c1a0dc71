import {
  Action,
  BulkAction,
  DeleteBulkAction,
  Resource,
  ResourceOperation,
  Select,
  TextColumn,
  TextInput,
  Textarea,
  type Form,
  type KitUser,
  type Table,
} from '../../../../index.ts'
import Project from '../models/project.ts'
import Task from '../models/task.ts'
import Label from '../models/label.ts'
import Charter from '../models/charter.ts'
import Document from '../models/document.ts'
import ProjectRules from '../rules/project_rules.ts'
import TaskRules from '../rules/task_rules.ts'
import { CharterRules, DocumentRules, LabelRules } from '../rules/name_rules.ts'

/**
 * Projects belong to a team (belongsTo tenancy). Archived projects may not
 * be viewed or edited, which also closes their nested resources.
 */
export class ProjectResource extends Resource<typeof Project> {
  model = Project
  tenantRelationship = 'team'

  async canAccess(operation: ResourceOperation, project: Project | null, user: KitUser | null) {
    if (!user) {
      return false
    }
    if (project?.archived && operation !== ResourceOperation.ViewAny) {
      return false
    }
    return true
  }

  table(table: Table) {
    return table.columns([TextColumn.make('name').searchable().sortable()])
  }

  form(form: Form) {
    return form.schema([TextInput.make('name').required()])
  }

  validation() {
    return ProjectRules
  }
}

/**
 * Tasks: nested under projects (hasMany), and tenant-scoped themselves.
 */
export class TaskResource extends Resource<typeof Task> {
  model = Task
  tenantRelationship = 'team'

  getParentResourceRegistration() {
    return ProjectResource.asParent().inverseRelationship('project').parameter('project')
  }

  async canAccess(_operation: ResourceOperation, _task: Task | null, user: KitUser | null) {
    return Boolean(user)
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('title').searchable().sortable().editable(),
        TextColumn.make('done'),
      ])
      .actions([
        Action.make('complete')
          .authorizeUsing(({ user }) => Boolean(user))
          .action(async ({ record }) => {
            const task = record as Task
            task.done = true
            await task.save()
          }),
      ])
      .bulkActions([
        DeleteBulkAction.make(),
        BulkAction.make('complete')
          .authorizeUsing(({ user }) => Boolean(user))
          .eachRecord(async ({ record }) => {
            const task = record as Task
            task.done = true
            await task.save()
          }),
      ])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('title').required(),
      Select.make('assigneeId').relationship('assignee', 'name'),
    ])
  }

  validation() {
    return TaskRules
  }
}

/**
 * Labels: nested under projects through a manyToMany relationship (the
 * default relationship name, `labels`).
 */
export class LabelResource extends Resource<typeof Label> {
  model = Label

  getParentResourceRegistration() {
    return ProjectResource.asParent()
  }

  async canAccess(_operation: ResourceOperation, _label: Label | null, user: KitUser | null) {
    return Boolean(user)
  }

  table(table: Table) {
    return table.columns([TextColumn.make('name').searchable()])
  }

  form(form: Form) {
    return form.schema([TextInput.make('name').required()])
  }

  validation() {
    return LabelRules
  }
}

/**
 * The charter of a project: nested through a hasOne relationship.
 */
export class CharterResource extends Resource<typeof Charter> {
  model = Charter

  getParentResourceRegistration() {
    return ProjectResource.asParent().relationship('charter')
  }

  async canAccess(_operation: ResourceOperation, _charter: Charter | null, user: KitUser | null) {
    return Boolean(user)
  }

  table(table: Table) {
    return table.columns([TextColumn.make('body')])
  }

  form(form: Form) {
    return form.schema([Textarea.make('body').required()])
  }

  validation() {
    return CharterRules
  }
}

/**
 * Documents are shared with teams through a pivot (manyToMany tenancy).
 */
export class DocumentResource extends Resource<typeof Document> {
  model = Document
  tenantRelationship = 'teams'

  async canAccess(_operation: ResourceOperation, _document: Document | null, user: KitUser | null) {
    return Boolean(user)
  }

  table(table: Table) {
    return table.columns([TextColumn.make('title').searchable()])
  }

  form(form: Form) {
    return form.schema([TextInput.make('title').required()])
  }

  validation() {
    return DocumentRules
  }
}

/**
 * The same documents mounted without tenant routing: with no current
 * tenant, the resource refuses to read.
 */
export class LooseDocumentResource extends DocumentResource {
  slug = 'loose-documents'
}
