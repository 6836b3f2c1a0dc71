import {
  Action,
  CustomPage,
  ListRecords,
  ResourceOperation,
  Stat,
  StatsWidget,
  ViewRecord,
  type CustomPageContext,
  type PageHeadingContext,
  type WidgetEntry,
} from '../../../../index.ts'
import type Project from '../models/project.ts'
import ProjectWidgets from '../widgets/project_widgets.ts'

/**
 * The projects list: header widgets from a provider class, footer widgets
 * from a provider object and a lazily imported widget class.
 */
export class ListProjects extends ListRecords {
  headerWidgets(): WidgetEntry[] {
    return [ProjectWidgets]
  }

  footerWidgets(): WidgetEntry[] {
    return [
      {
        widgets: () => [
          StatsWidget.make('mine').stats([
            Stat.make('Mine').value(({ query, user, count }) =>
              count(query.where('projects.owner_id', user?.id ?? 0))
            ),
          ]),
        ],
      },
      () => import('../widgets/admin_only_widget.ts'),
    ]
  }
}

/**
 * The read-only page of a project.
 */
export class ViewProject extends ViewRecord {
  subNavigationLabel() {
    return 'Overview'
  }

  /* the kit's Edit, a hosted action on the record and a URL action (record_pages.spec.ts) */
  headerActions() {
    return [
      ...super.headerActions(),
      Action.make('stamp')
        .authorizeUsing(({ user, record }) => (record as Project | null)?.ownerId === user?.id)
        .action(async ({ record, trx }) => {
          const project = record as Project
          project.useTransaction(trx)
          project.summary = 'Stamped'
          await project.save()
          return `Stamped ${project.name}`
        }),
      Action.make('preview').url('/previews/{record}').method('get'),
    ]
  }

  footerWidgets(): WidgetEntry[] {
    return [
      StatsWidget.make('code')
        .authorizeUsing(({ record }) => record !== null)
        .stats([Stat.make('Code length').value(({ record }) => (record as Project).code.length)]),
    ]
  }
}

/**
 * A custom record page: authorized with View on its record.
 */
export class ProjectActivity extends CustomPage {
  component = 'projects/activity'

  operation() {
    return ResourceOperation.View
  }

  title() {
    return 'Activity'
  }

  breadcrumbLabel() {
    return 'Activity log'
  }

  async props({ record }: CustomPageContext) {
    const project = record as Project
    return { activity: [{ event: 'opened', subject: project.name }] }
  }
}

/**
 * The same page without the sub-navigation.
 */
export class ProjectSettings extends CustomPage {
  component = 'projects/settings'

  operation() {
    return ResourceOperation.Edit
  }

  title() {
    return 'Settings'
  }

  heading({ record }: PageHeadingContext) {
    return `Settings of ${(record as Project).name}`
  }

  documentTitle(_heading: string, { record }: PageHeadingContext) {
    return `${(record as Project).name} settings`
  }

  subNavigation() {
    return []
  }
}

/**
 * A custom page that is not about one record, with its own middleware.
 */
export class ProjectReport extends CustomPage {
  component = 'projects/report'

  operation() {
    return ResourceOperation.ViewAny
  }

  title() {
    return 'Report'
  }

  async props() {
    return { generated: true }
  }
}
