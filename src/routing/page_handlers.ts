import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ResourcePageProps } from '../contracts/main.ts'
import { ResourceOperation } from '../resource/operation.ts'
import { authorize, allows } from '../authorization/authorizer.ts'
import { findRecord } from '../query/scoped_query.ts'
import { buildForm, buildTable } from '../table/builders.ts'
import { paginateTable, readTableState, TABLE_PARAMETERS } from '../table/table_query.ts'
import { resolveTab, serializeTabs } from '../pages/tabs.ts'
import type { ListRecords } from '../pages/resource_page.ts'
import { serializeTable } from '../table/table_serializer.ts'
import { serializeForm } from '../form/form_serializer.ts'
import { breadcrumbsFor } from '../pages/breadcrumbs.ts'
import {
  createRecord,
  deleteRecord,
  forceDeleteRecord,
  restoreRecord,
  updateColumn,
  updateRecord,
} from '../mutation/mutation_runner.ts'
import {
  executeAction,
  findHostedAction,
  runBulkAction,
  runRowAction,
} from '../table/actions/action_runner.ts'
import { serializeHeaderAction } from '../table/actions/action_serializer.ts'
import { RecordNotFoundException } from '../errors.ts'
import type { KitContext } from '../types.ts'
import type { MountedPage, ResourceMount } from './resource_mount.ts'

/**
 * Build the kit context of an HTTP request.
 */
export async function kitContext(ctx: HttpContext, mount: ResourceMount): Promise<KitContext> {
  return {
    user: (await mount.options.resolveUser(ctx)) ?? null,
    http: ctx,
    containerResolver: ctx.containerResolver,
  }
}

/**
 * The props every resource page carries.
 */
function baseProps(
  mount: ResourceMount,
  current: MountedPage,
  record: LucidRow | null
): ResourcePageProps {
  const resource = mount.resource
  const index = mount.pageOfKind('list')
  const create = mount.pageOfKind('create')
  const props: ResourcePageProps = {
    resource: {
      slug: resource.getSlug(),
      label: resource.getLabel(),
      pluralLabel: resource.getPluralLabel(),
      urls: {
        index: index ? mount.url(index.key) : null,
        create: create ? mount.url(create.key) : null,
      },
    },
    page: {
      key: current.key,
      operation: current.page.operation().name,
      title: current.page.title(),
    },
    breadcrumbs: breadcrumbsFor(mount, current, record),
  }
  if (mount.options.panelId) {
    props.kitPanel = { id: mount.options.panelId }
  }
  if (record) {
    props.record = {
      key: record.$primaryKeyValue as string | number,
      title: mount.resource.recordTitle(record),
    }
  }
  return props
}

/**
 * Validation errors flashed by the previous request, one message per field.
 */
function flashedErrors(ctx: HttpContext): Record<string, string> {
  const bag = (ctx as any).session?.flashMessages?.get('inputErrorsBag', {}) ?? {}
  const errors: Record<string, string> = {}
  for (const [field, messages] of Object.entries(bag)) {
    errors[field] = Array.isArray(messages) ? String(messages[0]) : String(messages)
  }
  return errors
}

function render(ctx: HttpContext, component: string, props: Record<string, unknown>) {
  return (ctx as any).inertia.render(component, props)
}

function flashSuccess(ctx: HttpContext, message: string) {
  ;(ctx as any).session?.flash('success', message)
}

/**
 * GET handler of a page, by kind.
 */
export function pageHandler(mount: ResourceMount, current: MountedPage) {
  const resource = mount.resource
  const kind = current.route.page.kind

  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)

    if (kind === 'list') {
      await authorize(resource, current.page.operation(), null, context)
      const table = buildTable(resource)
      const qs = ctx.request.qs()
      const state = readTableState(table, qs)
      const tabs = (current.page as ListRecords).tabs()
      const activeTab = resolveTab(tabs, qs[TABLE_PARAMETERS.tab])
      const page = await paginateTable(resource, table, state, context, { tab: activeTab })
      const props = baseProps(mount, current, null)
      props.table = await serializeTable(resource, table, state, page as any, context)
      if (activeTab) {
        props.tabs = await serializeTabs(resource, tabs, activeTab, context)
      }
      const headerActions = (current.page as ListRecords).headerActions()
      if (headerActions.length) {
        const visible = []
        for (const action of headerActions) {
          if (await action.allows({ record: null, user: context.user, http: ctx })) {
            visible.push(serializeHeaderAction(mount, action, current.key))
          }
        }
        props.headerActions = visible
      }
      return render(ctx, current.page.component, { ...props })
    }

    if (kind === 'create') {
      await authorize(resource, current.page.operation(), null, context)
      const props = baseProps(mount, current, null)
      props.form = serializeForm(resource, buildForm(resource), 'create', null, {
        url: mount.recordUrl(),
        method: 'post',
      })
      return render(ctx, current.page.component, { ...props, errors: flashedErrors(ctx) })
    }

    /* edit */
    const record = await findRecord(resource, context, ctx.params.record)
    await authorize(resource, current.page.operation(), record, context)
    const props = baseProps(mount, current, record)
    props.form = serializeForm(resource, buildForm(resource), 'edit', record, {
      url: mount.recordUrl(record),
      method: 'patch',
    })
    return render(ctx, current.page.component, { ...props, errors: flashedErrors(ctx) })
  }
}

/**
 * POST handler: create a record, then redirect to its edit page when the user
 * may edit it, else to the list page.
 */
export function storeHandler(mount: ResourceMount) {
  const resource = mount.resource
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const { record } = await createRecord(resource, context, ctx.request.body())
    flashSuccess(ctx, resource.successMessage(ResourceOperation.Create, record))

    const edit = mount.pageOfKind('edit')
    if (edit && (await allows(resource, ResourceOperation.Edit, record, context))) {
      return ctx.response.redirect().toPath(mount.url(edit.key, record))
    }
    return ctx.response.redirect().toPath(afterMutationUrl(mount))
  }
}

/**
 * PATCH handler: update a record, then redirect to its edit page.
 */
export function updateHandler(mount: ResourceMount) {
  const resource = mount.resource
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const { record } = await updateRecord(resource, context, ctx.params.record, ctx.request.body())
    flashSuccess(ctx, resource.successMessage(ResourceOperation.Edit, record))
    const edit = mount.pageOfKind('edit')
    return ctx.response
      .redirect()
      .toPath(edit ? mount.url(edit.key, record) : afterMutationUrl(mount))
  }
}

/**
 * Handler of a record lifecycle mutation (delete, restore, force delete):
 * run it, flash its success message, redirect to the list page.
 */
function lifecycleHandler(
  mount: ResourceMount,
  operation: ResourceOperation,
  run: typeof deleteRecord
) {
  const resource = mount.resource
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const record = await run(resource, context, ctx.params.record)
    flashSuccess(ctx, resource.successMessage(operation, record))
    return ctx.response.redirect().toPath(afterMutationUrl(mount))
  }
}

/**
 * DELETE handler: delete a record, then redirect to the list page.
 */
export function destroyHandler(mount: ResourceMount) {
  return lifecycleHandler(mount, ResourceOperation.Delete, deleteRecord)
}

function afterMutationUrl(mount: ResourceMount) {
  const index = mount.pageOfKind('list')
  return index ? mount.url(index.key) : mount.options.prefix || '/'
}

/**
 * Answer a finished action: JSON for clients that ask for it, else a flash
 * message and a redirect back.
 */
function actionResponse(ctx: HttpContext, body: Record<string, unknown>) {
  if (ctx.request.accepts(['html', 'json']) === 'json') {
    return ctx.response.ok(body)
  }
  flashSuccess(ctx, String(body.message))
  return ctx.response.redirect().withQs().back()
}

/**
 * POST handler of a hosted row action.
 */
export function rowActionHandler(mount: ResourceMount) {
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const result = await runRowAction(
      mount.resource,
      context,
      ctx.params.record,
      ctx.params.action,
      ctx.request.body()
    )
    return actionResponse(ctx, {
      action: ctx.params.action,
      message: typeof result === 'string' ? result : 'Done',
    })
  }
}

/**
 * POST handler of a page-scoped header action. The `_kit_page` marker names
 * the page; it is removed before the action's data is validated.
 */
export function headerActionHandler(mount: ResourceMount) {
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const page = mount.pages.get(String(ctx.request.qs()._kit_page ?? ''))
    if (!page || page.route.page.kind !== 'list') {
      throw new RecordNotFoundException('Action not found')
    }
    const action = findHostedAction((page.page as ListRecords).headerActions(), ctx.params.action)
    const result = await executeAction(mount.resource, action, null, context, ctx.request.body())
    return actionResponse(ctx, {
      action: action.name,
      message: typeof result === 'string' ? result : 'Done',
    })
  }
}

/**
 * POST handler of a bulk action.
 */
export function bulkActionHandler(mount: ResourceMount) {
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const list = mount.pageOfKind('list')
    const result = await runBulkAction(
      mount.resource,
      context,
      ctx.params.action,
      ctx.request.body(),
      {
        tabs: list ? (list.page as ListRecords).tabs() : [],
      }
    )
    return actionResponse(ctx, {
      ...result,
      message: `${result.affected} affected, ${result.refused} refused`,
    })
  }
}

/**
 * POST handler restoring a trashed record (soft-delete preset).
 */
export function restoreHandler(mount: ResourceMount) {
  return lifecycleHandler(mount, ResourceOperation.Restore, restoreRecord)
}

/**
 * DELETE handler removing a record permanently (soft-delete preset).
 */
export function forceDeleteHandler(mount: ResourceMount) {
  return lifecycleHandler(mount, ResourceOperation.ForceDelete, forceDeleteRecord)
}

/**
 * PATCH handler of an editable column: `{ value }` for one field.
 */
export function columnHandler(mount: ResourceMount) {
  const resource = mount.resource
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const { record } = await updateColumn(
      resource,
      context,
      ctx.params.record,
      ctx.params.column,
      ctx.request.body()
    )
    return actionResponse(ctx, {
      column: ctx.params.column,
      message: resource.successMessage(ResourceOperation.Edit, record),
    })
  }
}
