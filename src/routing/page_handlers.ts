import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ResourcePageProps } from '../contracts/main.ts'
import { ResourceOperation } from '../resource/operation.ts'
import { allows, authorize } from '../authorization/authorizer.ts'
import { findRecord } from '../query/scoped_query.ts'
import { buildForm } from '../table/builders.ts'
import { RecordNotFoundException } from '../errors.ts'
import type { ListRecords } from '../pages/resource_page.ts'
import type { Form } from '../form/form.ts'
import { Select } from '../form/fields/select.ts'
import { isSearchableSelect, searchOptions, SELECT_PARAMETERS } from '../form/select_options.ts'
import { createOption, updateOption } from '../form/option_forms.ts'
import {
  authorizeFormPage,
  loadFormPage,
  loadListTable,
  runHeaderAction,
  runMountedBulkAction,
  visibleHeaderActions,
} from '../pages/page_data.ts'
import { breadcrumbsFor } from '../pages/breadcrumbs.ts'
import {
  createRecord,
  deleteRecord,
  forceDeleteRecord,
  restoreRecord,
  updateColumn,
  updateRecord,
} from '../mutation/mutation_runner.ts'
import { ActionStop, runRowAction } from '../table/actions/action_runner.ts'
import type { KitContext } from '../types.ts'
import { Tenancy } from '../tenancy/tenancy.ts'
import { OPTION_RECORD_PARAMETER, type MountedPage, type ResourceMount } from './resource_mount.ts'

/**
 * Build the kit context of an HTTP request.
 */
export async function kitContext(ctx: HttpContext, mount: ResourceMount): Promise<KitContext> {
  const context: KitContext = {
    user: (await mount.options.resolveUser(ctx)) ?? null,
    http: ctx,
    containerResolver: ctx.containerResolver,
  }
  if (mount.parent) {
    context.parent = await resolveParent(mount, context, ctx.params[mount.parent.bound.parameter])
  }
  return context
}

/**
 * Resolve the parent record of a nested resource through the parent
 * resource's scoped query (404 outside it) and authorize its `view`
 * operation, on every request. The parent is kept in the request's scope
 * so URLs keep the parent segment.
 */
export async function resolveParent(
  mount: ResourceMount,
  context: KitContext,
  key: unknown
): Promise<LucidRow> {
  const parentResource = mount.parent!.mount.resource
  const parentContext: KitContext = { ...context, parent: undefined }
  const parent = await findRecord(parentResource, parentContext, key)
  await authorize(parentResource, ResourceOperation.View, parent, parentContext)
  const state = Tenancy.state()
  if (state) {
    state.parent = parent
  }
  return parent
}

/**
 * The props every resource page carries.
 */
function baseProps(
  mount: ResourceMount,
  current: MountedPage,
  record: LucidRow | null,
  context: KitContext
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
  if (mount.parent && context.parent) {
    const parentMount = mount.parent.mount
    const parentResource = parentMount.resource
    const parentIndex = parentMount.pageOfKind('list')
    const parentEdit = parentMount.pageOfKind('edit')
    props.resource.parent = {
      slug: parentResource.getSlug(),
      label: parentResource.getLabel(),
      pluralLabel: parentResource.getPluralLabel(),
      parameter: mount.parent.bound.parameter,
      urls: { index: parentIndex ? parentMount.url(parentIndex.key) : null },
    }
    props.parentRecord = {
      key: context.parent.$primaryKeyValue as string | number,
      title: parentResource.recordTitle(context.parent),
      url: parentEdit ? parentMount.url(parentEdit.key, context.parent) : null,
    }
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
  const kind = current.route.page.kind

  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)

    if (kind === 'list') {
      const list = await loadListTable(mount, current, ctx.request.qs(), context)
      const props = baseProps(mount, current, null, context)
      props.table = list.table
      if (list.tabs) {
        props.tabs = list.tabs
      }
      if ((current.page as ListRecords).headerActions().length) {
        props.headerActions = await visibleHeaderActions(mount, current, context)
      }
      return render(ctx, current.page.component, { ...props })
    }

    /* create and edit: option searches are answered once the page is authorized */
    if (isOptionSearch(ctx)) {
      await authorizeFormPage(mount, current, ctx.params.record, context)
      return answerOptionSearch(ctx, mount.resource, buildForm(mount.resource), context)
    }
    const { record, form } = await loadFormPage(mount, current, ctx.params.record, context, {
      oldInput: flashedInput(ctx),
    })
    const props = baseProps(mount, current, record, context)
    props.form = form
    return render(ctx, current.page.component, { ...props, errors: flashedErrors(ctx) })
  }
}

/**
 * Whether a form page's GET request is an option search of one of its
 * selects.
 */
function isOptionSearch(ctx: HttpContext) {
  return ctx.request.qs()[SELECT_PARAMETERS.field] !== undefined
}

/**
 * Answer an option search on the form page's own (already authorized) GET
 * route, as JSON: `{ options: [{ value, label }] }`.
 */
async function answerOptionSearch(
  ctx: HttpContext,
  resource: ResourceMount['resource'],
  form: Form,
  context: KitContext
) {
  const qs = ctx.request.qs()
  const field = form.getFields().find((candidate) => candidate.name === qs[SELECT_PARAMETERS.field])
  if (!(field instanceof Select) || !isSearchableSelect(resource.model, field)) {
    throw new RecordNotFoundException('Field not found')
  }
  const options = await searchOptions(resource.model, field, qs[SELECT_PARAMETERS.search], context)
  return ctx.response.ok({ field: field.name, options })
}

/**
 * Input flashed with the errors of a refused submission (session clients:
 * AdonisJS flashes the input next to `inputErrorsBag`), so the form shows
 * what the person typed. Only the form's own fields are read from it.
 */
function flashedInput(ctx: HttpContext): Record<string, unknown> | null {
  const flash = (ctx as any).session?.flashMessages
  if (!flash?.has('inputErrorsBag')) {
    return null
  }
  const input = flash.all()
  return input && typeof input === 'object' && !Array.isArray(input) ? input : null
}

/**
 * POST handler creating an option of a select from its option form.
 */
export function createOptionHandler(mount: ResourceMount) {
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const option = await createOption(
      mount.resource,
      context,
      ctx.params.field,
      ctx.request.qs()[OPTION_RECORD_PARAMETER],
      ctx.request.body()
    )
    return optionResponse(ctx, option, 201)
  }
}

/**
 * PATCH handler updating an option of a relationship select.
 */
export function updateOptionHandler(mount: ResourceMount) {
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const option = await updateOption(
      mount.resource,
      context,
      ctx.params.field,
      ctx.params.option,
      ctx.request.qs()[OPTION_RECORD_PARAMETER],
      ctx.request.body()
    )
    return optionResponse(ctx, option, 200)
  }
}

function optionResponse(
  ctx: HttpContext,
  option: { value: string; label: string },
  status: number
) {
  if (ctx.request.accepts(['html', 'json']) === 'json') {
    return ctx.response.status(status).send({ option })
  }
  flashSuccess(ctx, `"${option.label}" saved`)
  return ctx.response.redirect().back()
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
  if (body.halted || body.cancelled) {
    if (body.message) (ctx as any).session?.flash('warning', String(body.message))
    return ctx.response.redirect().back()
  }
  flashSuccess(ctx, String(body.message))
  return ctx.response.redirect().back()
}

/**
 * The answer body of a hosted action's result: its message, or the halt or
 * cancellation it ended with.
 */
function actionBody(name: string, result: unknown): Record<string, unknown> {
  if (result instanceof ActionStop) {
    return { action: name, [result.kind]: true, message: result.message }
  }
  return { action: name, message: typeof result === 'string' ? result : 'Done' }
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
    return actionResponse(ctx, actionBody(ctx.params.action, result))
  }
}

/**
 * POST handler of a page-scoped header action. The `_kit_page` marker names
 * the page; it is removed before the action's data is validated.
 */
export function headerActionHandler(mount: ResourceMount) {
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const { action, result } = await runHeaderAction(
      mount,
      ctx.request.qs()._kit_page,
      ctx.params.action,
      context,
      ctx.request.body()
    )
    return actionResponse(ctx, actionBody(action.name, result))
  }
}

/**
 * POST handler of a bulk action.
 */
export function bulkActionHandler(mount: ResourceMount) {
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const result = await runMountedBulkAction(mount, ctx.params.action, context, ctx.request.body())
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
