import {
  RelationManager,
  type RelationOperation,
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
import Board from '../models/board.ts'
import Task from '../models/task.ts'
import Sticker from '../models/sticker.ts'
import Charter from '../models/charter.ts'
import Document from '../models/document.ts'
import BoardRules from '../rules/board_rules.ts'
import TaskRules from '../rules/task_rules.ts'
import {
  CharterRules,
  DocumentRules,
  MemberRules,
  NoteBodyRules,
  StickerRules,
} from '../rules/name_rules.ts'
import { countThreshold } from '../count_threshold.ts'

/**
 * The tasks of a board as a relation manager (hasMany): create, edit,
 * delete and associate; every read and candidate stays in the tenant.
 */
export class BoardTasksRelationManager extends RelationManager<typeof Board> {
  relationship = 'tasks'
  recordTitleAttribute = 'title'
  associates = true

  async canAccess(_operation: RelationOperation, _task: Task | null, user: KitUser | null) {
    return Boolean(user)
  }

  table(table: Table) {
    return table.columns([TextColumn.make('title').searchable()])
  }

  form(form: Form) {
    return form.schema([TextInput.make('title').required()])
  }

  validation() {
    return TaskRules
  }
}

/**
 * The notes of a board, configured as the documentation shows: associate
 * and dissociate without `modifyAssociateQuery()`. Notes carry no team key:
 * they belong to the tenant through their board only.
 */
export class BoardNotesRelationManager extends RelationManager<typeof Board> {
  relationship = 'notes'
  recordTitleAttribute = 'body'
  associates = true
  dissociates = true
  foreignKeyNullable = true

  async canAccess(_operation: RelationOperation, _note: unknown, user: KitUser | null) {
    return Boolean(user)
  }

  table(table: Table) {
    return table.columns([TextColumn.make('body').searchable()])
  }

  form(form: Form) {
    return form.schema([TextInput.make('body').required()])
  }

  validation() {
    return NoteBodyRules
  }
}

/**
 * The members following a board (many-to-many, attach and detach): members
 * belong to the team, so the attach chooser and its submission stay inside
 * the tenant without any `modifyAttachQuery()`.
 */
export class BoardMembersRelationManager extends RelationManager<typeof Board> {
  relationship = 'members'
  recordTitleAttribute = 'name'

  async canAccess(_operation: RelationOperation, _member: unknown, user: KitUser | null) {
    return Boolean(user)
  }

  table(table: Table) {
    return table.columns([TextColumn.make('name')])
  }
}

/**
 * Boards belong to a team (belongsTo tenancy). Archived boards may not
 * be viewed or edited, which also closes their nested resources.
 */
export class BoardResource extends Resource<typeof Board> {
  model = Board
  tenantRelationship = 'team'

  globallySearchableAttributes() {
    return ['name']
  }

  getRelations() {
    return [BoardTasksRelationManager, BoardNotesRelationManager, BoardMembersRelationManager]
  }

  async canAccess(operation: ResourceOperation, board: Board | null, user: KitUser | null) {
    if (!user) {
      return false
    }
    if (board?.archived && operation !== ResourceOperation.ViewAny) {
      return false
    }
    return true
  }

  table(table: Table) {
    return table
      .columns([TextColumn.make('name').searchable().sortable()])
      .countStrategy('auto', countThreshold)
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('name').required(),
      Select.make('members')
        .relationship('members', 'name')
        .createOptionForm([TextInput.make('name').required()], MemberRules)
        .editOptionForm([TextInput.make('name').required()], MemberRules),
    ])
  }

  validation() {
    return BoardRules
  }
}

/**
 * Tasks: nested under boards (hasMany), and tenant-scoped themselves.
 */
export class TaskResource extends Resource<typeof Task> {
  model = Task
  tenantRelationship = 'team'

  getParentResourceRegistration() {
    return BoardResource.asParent().inverseRelationship('board').parameter('board')
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
 * Stickers: nested under boards through a manyToMany relationship (the
 * default relationship name, `stickers`).
 */
export class StickerResource extends Resource<typeof Sticker> {
  model = Sticker

  getParentResourceRegistration() {
    return BoardResource.asParent()
  }

  async canAccess(_operation: ResourceOperation, _label: Sticker | null, user: KitUser | null) {
    return Boolean(user)
  }

  table(table: Table) {
    return table.columns([TextColumn.make('name').searchable()])
  }

  form(form: Form) {
    return form.schema([TextInput.make('name').required()])
  }

  validation() {
    return StickerRules
  }
}

/**
 * The charter of a board: nested through a hasOne relationship.
 */
export class CharterResource extends Resource<typeof Charter> {
  model = Charter

  getParentResourceRegistration() {
    return BoardResource.asParent().relationship('charter')
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
