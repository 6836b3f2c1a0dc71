import {
  Action,
  CreateRecord,
  EditRecord,
  type Infolist,
  Resource,
  ResourceOperation,
  Select,
  Stat,
  StatsWidget,
  TextColumn,
  TextEntry,
  TextInput,
  Textarea,
  type Form,
  type HookContext,
  type KitContext,
  type KitUser,
  type MutationData,
  type ResourceQuery,
  type Table,
} from '../../../../index.ts'
import Project from '../models/project.ts'
import ProjectRules from '../rules/project_rules.ts'
import {
  ListProjects,
  ProjectActivity,
  ProjectReport,
  ProjectSettings,
  ViewProject,
} from '../pages/project_pages.ts'

/**
 * Projects: a view page with an infolist, custom pages, record
 * sub-navigation, widgets and global search. Users see public projects and
 * their own; they edit their own; admins do everything.
 */
export default class ProjectResource extends Resource<typeof Project> {
  model = Project
  navigationIcon = 'folder'
  navigationLabel = 'All projects'
  navigationSort = 1
  navigationGroup = 'Directory'

  modifyQuery(query: ResourceQuery<typeof Project>, { user }: KitContext) {
    if (user?.isAdmin) {
      return query
    }
    return query.where((scope) => {
      scope.where('projects.visibility', 'public').orWhere('projects.owner_id', user?.id ?? 0)
    })
  }

  async canAccess(operation: ResourceOperation, project: Project | null, user: KitUser | null) {
    if (!user) {
      return false
    }
    if (user.isAdmin) {
      return true
    }
    switch (operation) {
      case ResourceOperation.ViewAny:
      case ResourceOperation.View:
      case ResourceOperation.Create:
        return true
      case ResourceOperation.Edit:
        return project?.ownerId === user.id
      default:
        return false
    }
  }

  getPages() {
    return {
      index: ListProjects.route('/'),
      create: CreateRecord.route('/create'),
      report: ProjectReport.route('/report', {
        middleware: [() => import('../middleware/mutation_marker_middleware.ts')],
      }),
      view: ViewProject.route('/:record'),
      edit: EditRecord.route('/:record/edit'),
      activity: ProjectActivity.route('/:record/activity'),
      settings: ProjectSettings.route('/:record/settings'),
    }
  }

  recordSubNavigation() {
    return ['view', 'edit', 'activity', 'settings']
  }

  widgets() {
    return [
      StatsWidget.make('total')
        .label('Projects')
        .stats([Stat.make('Visible to you').value(({ count }) => count())]),
    ]
  }

  globallySearchableAttributes() {
    return ['name', 'code']
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('name').searchable().sortable(),
        TextColumn.make('code').searchable(),
      ])
      .actions([
        /* no message of its own: the kit names the record by its title */
        Action.make('touch')
          .authorizeUsing(({ user, record }) => (record as Project | null)?.ownerId === user?.id)
          .action(async () => {}),
      ])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('name').required(),
      TextInput.make('code').required(),
      Select.make('visibility').required().options({ public: 'Public', private: 'Private' }),
      Textarea.make('summary'),
      TextInput.make('secretToken'),
    ])
  }

  infolist(infolist: Infolist) {
    return infolist.schema([
      TextEntry.make('name'),
      TextEntry.make('code').label('Project code'),
      TextEntry.make('owner.fullName').label('Owner'),
      TextEntry.make('summary'),
    ])
  }

  validation() {
    return ProjectRules
  }

  async mutateDataBeforeCreate(data: MutationData, context: HookContext) {
    return { ...data, ownerId: context.user!.id }
  }
}
