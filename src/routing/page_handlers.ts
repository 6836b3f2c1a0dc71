import type { HttpContext } from '@adonisjs/core/http'
import type {} from '@adonisjs/session/session_middleware'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ResourcePageProps } from '../contracts/main.ts'
import { ResourceOperation } from '../resource/operation.ts'
import { authorize, allows } from '../authorization/authorizer.ts'
import { findRecord } from '../query/scoped_query.ts'
import { breadcrumbsFor } from '../pages/breadcrumbs.ts'
import { openableRecordUrl } from '../pages/record_links.ts'
import { subNavigationFor } from '../pages/sub_navigation.ts'
import { assertUniqueWidgets, resolveWidgets, serializeWidgets } from '../pages/widgets.ts'
import { navigationFor } from './navigation.ts'
import { pageRenderers, type PageRenderContext } from './page_renderers.ts'
import { isSafePath, safeRedirectTarget } from './path_safety.ts'
import {
  createRecord,
  deleteRecord,
  forceDeleteRecord,
  restoreRecord,
  updateColumn,
  updateRecord,
} from '../mutation/mutation_runner.ts'
import { ActionStop, executeAction, findHostedAction } from '../table/actions/action_runner.ts'
import { runHeaderAction, runMountedBulkAction } from '../pages/page_data.ts'
import { buildForm, buildTable } from '../table/builders.ts'
import type { Form } from '../form/form.ts'
import { Select } from '../form/fields/select.ts'
import { isSearchableSelect, searchOptions, SELECT_PARAMETERS } from '../form/select_options.ts'
import { createOption, optionFormFields, updateOption } from '../form/option_forms.ts'
import { withBoundedFlash } from '../form/refused_input.ts'
import { kitRenderer, rememberMount } from './error_page.ts'
import { Tenancy } from '../tenancy/tenancy.ts'
import { RecordNotFoundException } from '../errors.ts'
import type { KitContext } from '../types.ts'
import { OPTION_RECORD_PARAMETER, type MountedPage, type ResourceMount } from './resource_mount.ts'

/**
 * Build the kit context of an HTTP request.
 */
export async function kitContext(ctx: HttpContext, mount: ResourceMount): Promise<KitContext> {
  rememberMount(ctx, mount)
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
async function baseProps(
  mount: ResourceMount,
  current: MountedPage,
  record: LucidRow | null,
  context: KitContext
): Promise<ResourcePageProps> {
  const resource = mount.resource
  const index = mount.listPage()
  const create = mount.pageOfKind('create')
  /* the create link only for users who may create */
  const mayCreate =
    create !== undefined && (await allows(resource, ResourceOperation.Create, null, context))
  const props: ResourcePageProps = {
    resource: {
      slug: resource.getSlug(),
      label: resource.getLabel(),
      pluralLabel: resource.getPluralLabel(),
      urls: {
        index: index ? mount.url(index.key) : null,
        create: create && mayCreate ? mount.url(create.key) : null,
      },
    },
    page: pageHeading(mount, current, record, context),
    breadcrumbs: await breadcrumbsFor(mount, current, record, context),
  }
  if (mount.options.panelId) {
    props.kitPanel = { id: mount.options.panelId, searchUrl: mount.panelSearchUrl() }
  }
  if (mount.parent && context.parent) {
    const parentMount = mount.parent.mount
    const parentResource = parentMount.resource
    const parentIndex = parentMount.listPage()
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
      url: await openableRecordUrl(parentMount, context.parent, context),
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
 * The page's names: its short title, its heading and its document title.
 */
function pageHeading(
  mount: ResourceMount,
  current: MountedPage,
  record: LucidRow | null,
  context: KitContext
): ResourcePageProps['page'] {
  const headingContext = { ...context, resource: mount.resource, record }
  const heading = current.page.heading(headingContext)
  return {
    key: current.key,
    operation: current.page.operation().name,
    title: current.page.title(),
    heading,
    documentTitle: current.page.documentTitle(heading, headingContext),
  }
}

function render(ctx: HttpContext, component: string, props: Record<string, unknown>) {
  return kitRenderer(ctx)!.render(component, props)
}

function flashSuccess(ctx: HttpContext, message: string) {
  ctx.session?.flash('success', message)
}

/**
 * The kit's own component of each page kind; a panel's page defaults
 * replace it for pages that keep it.
 */
const KIT_COMPONENTS: Record<string, string> = {
  list: 'kit/list_records',
  manage: 'kit/manage_records',
  create: 'kit/create_record',
  edit: 'kit/edit_record',
  view: 'kit/view_record',
  related: 'kit/manage_related_records',
}

/**
 * GET handler of a page. Every kind takes the same steps: resolve the record
 * of a record page through the scoped query (404 outside it), authorize the
 * page's operation, then the kind's own props, then what every page may
 * carry: sub-navigation, widgets and the panel navigation.
 */
export function pageHandler(mount: ResourceMount, current: MountedPage) {
  const resource = mount.resource
  const renderer = pageRenderers[current.route.page.kind]
  const where = `${resource.constructor.name}.getPages().${current.key}`
  const kind = current.route.page.kind
  const panelComponent =
    kind === 'custom' ? undefined : mount.options.pageDefaults?.components?.[kind]
  const component =
    panelComponent && current.page.component === KIT_COMPONENTS[kind]
      ? panelComponent
      : current.page.component

  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)

    /* 1. the record, through the scoped query */
    const record = current.page.needsRecord()
      ? await findRecord(resource, context, ctx.params.record)
      : null

    /* 2. authorization before anything else is read */
    await authorize(resource, current.page.operation(), record, context)

    /* option searches of the page's selects stop here (form pages) */
    if (ctx.request.qs()[SELECT_PARAMETERS.field] !== undefined) {
      return answerOptionSearch(ctx, mount, current, record, context)
    }

    /* 3. the page kind's props */
    const props = (await baseProps(mount, current, record, context)) as PageRenderContext['props']
    await renderer({ ctx, mount, current, record, context, props })

    /* 4. record sub-navigation */
    if (record) {
      const subNavigation = await subNavigationFor(mount, current, record, context)
      if (subNavigation) {
        props.subNavigation = subNavigation
      }
    }

    /* 5. widgets: the resource's above every page, then the page's own */
    const widgetContext = { ...context, resource, record }
    const header = [
      ...(await resolveWidgets(resource.widgets(), `${resource.constructor.name}.widgets()`)),
      ...(await resolveWidgets(current.page.headerWidgets(), `${where}.headerWidgets()`)),
    ]
    assertUniqueWidgets(header, `${where}.headerWidgets()`)
    if (header.length) {
      props.headerWidgets = await serializeWidgets(header, widgetContext)
    }
    const footer = await resolveWidgets(current.page.footerWidgets(), `${where}.footerWidgets()`)
    if (footer.length) {
      props.footerWidgets = await serializeWidgets(footer, widgetContext)
    }

    /* 6. the panel navigation and page defaults */
    if (mount.options.panelId) {
      props.navigation = await navigationFor(mount, context)
    }
    const defaults = mount.options.pageDefaults
    return render(ctx, component, { ...defaults?.props, ...props })
  }
}

function formOf(resource: ResourceMount['resource']) {
  return () => ({ fields: buildForm(resource).getFields(), model: resource.model })
}

/**
 * POST handler: create a record, then redirect to its edit page when the user
 * may edit it, else to the list page.
 */
export function storeHandler(mount: ResourceMount) {
  const resource = mount.resource
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    /* a refused form flashes only what it needs to redisplay, bounded */
    return withBoundedFlash(ctx, formOf(resource), async () => {
      const { record } = await createRecord(resource, context, ctx.request.body())
      const message = resource.successMessage(ResourceOperation.Create, record)

      const edit = mount.pageOfKind('edit')
      const target =
        edit && (await allows(resource, ResourceOperation.Edit, record, context))
          ? mount.url(edit.key, record)
          : afterMutationUrl(mount)
      return answerMutation(ctx, mount, ResourceOperation.Create, record, message, target, 201)
    })
  }
}

/**
 * PATCH handler: update a record, then redirect to its edit page.
 */
export function updateHandler(mount: ResourceMount) {
  const resource = mount.resource
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    return withBoundedFlash(ctx, formOf(resource), async () => {
      const { record } = await updateRecord(
        resource,
        context,
        ctx.params.record,
        ctx.request.body()
      )
      const message = resource.successMessage(ResourceOperation.Edit, record)
      const edit = mount.pageOfKind('edit')
      const target = edit ? mount.url(edit.key, record) : afterMutationUrl(mount)
      return answerMutation(ctx, mount, ResourceOperation.Edit, record, message, target)
    })
  }
}

/**
 * Handler of a record lifecycle mutation (delete, restore, force delete):
 * run it, then answer JSON clients with JSON, others with its success
 * message flashed and a redirect to the list page, in the state (search,
 * filters, sort, page) the request came from.
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
    const message = resource.successMessage(operation, record)
    const target = listStateUrl(ctx, mount)
    return answerMutation(ctx, mount, operation, record, message, target)
  }
}

/**
 * Whether the client asked for JSON (and is no Inertia visit).
 */
function wantsJson(ctx: HttpContext) {
  return (
    ctx.request.header('X-Inertia') !== 'true' && ctx.request.accepts(['html', 'json']) === 'json'
  )
}

/**
 * The answer of a record mutation. JSON clients: the operation, the
 * record's key and title, the success message and where a browser would
 * have been sent. Others: the message flashed and a redirect there.
 */
function answerMutation(
  ctx: HttpContext,
  mount: ResourceMount,
  operation: ResourceOperation,
  record: LucidRow,
  message: string,
  redirect: string,
  status = 200
) {
  if (!wantsJson(ctx)) {
    flashSuccess(ctx, message)
    return redirectTo(ctx, redirect)
  }
  return ctx.response.status(status).send({
    resource: mount.resource.getSlug(),
    operation: operation.name,
    message,
    record: {
      key: record.$primaryKeyValue as string | number,
      title: mount.resource.recordTitle(record),
    },
    redirect,
  })
}

/**
 * The list page in the state the request came from: the referring URL when
 * it is this resource's list page on this origin (its query string holds
 * the search, filters, sort and page), else the bare list page.
 */
function listStateUrl(ctx: HttpContext, mount: ResourceMount): string {
  const list = afterMutationUrl(mount)
  const referrer = ctx.request.header('referer')
  if (!referrer) {
    return list
  }
  try {
    const origin = `${ctx.request.protocol()}://${ctx.request.host()}`
    const url = new URL(referrer, origin)
    if (url.origin !== origin || url.pathname !== list) {
      return list
    }
    const target = `${url.pathname}${url.search}`
    return isSafePath(target) ? target : list
  } catch {
    return list
  }
}

/**
 * DELETE handler: delete a record, then redirect to the list page.
 */
export function destroyHandler(mount: ResourceMount) {
  return lifecycleHandler(mount, ResourceOperation.Delete, deleteRecord)
}

/**
 * Redirect to a URL that passed the redirect policy (same-origin only).
 */
function redirectTo(ctx: HttpContext, url: string, fallback = '/') {
  const origin = `${ctx.request.protocol()}://${ctx.request.host()}`
  return ctx.response.redirect().toPath(safeRedirectTarget(url, origin, fallback))
}

function afterMutationUrl(mount: ResourceMount) {
  const index = mount.listPage()
  return index ? mount.url(index.key) : mount.options.prefix || '/'
}

/**
 * Answer a finished action: JSON for clients that ask for it, else a flash
 * message and a redirect back.
 */
function actionResponse(ctx: HttpContext, body: Record<string, unknown>, fallback: string) {
  if (ctx.request.accepts(['html', 'json']) === 'json') {
    return ctx.response.ok(body)
  }
  if (body.halted || body.cancelled) {
    if (body.message) {
      ctx.session?.flash('warning', String(body.message))
    }
  } else {
    flashSuccess(ctx, String(body.message))
  }
  /* back to the referring page when it is of this origin, else the list */
  const referrer = ctx.request.header('referer')
  return redirectTo(ctx, referrer ?? fallback, fallback)
}

/**
 * Actions and editable columns have no form to redisplay: a refusal flashes
 * the errors and none of the input.
 */
const NO_FORM = () => ({ fields: [] })

/**
 * POST handler of a hosted row action.
 */
export function rowActionHandler(mount: ResourceMount) {
  const resource = mount.resource
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const action = findHostedAction(buildTable(resource).getActions(), ctx.params.action)
    const record = await findRecord(resource, context, ctx.params.record)
    /* refused action data flashes its errors, never the input */
    return withBoundedFlash(ctx, NO_FORM, async () => {
      const result = await executeAction(resource, action, record, context, ctx.request.body())
      /* without a message of its own, the action names the record by its title */
      const body = actionBody(action.name, result, () => {
        return `${action.getLabel()}: ${resource.getLabel()} "${resource.recordTitle(record)}"`
      })
      return actionResponse(ctx, body, afterMutationUrl(mount))
    })
  }
}

/**
 * The answer body of a hosted action's result: its message, or the halt or
 * cancellation it ended with.
 */
function actionBody(
  name: string,
  result: unknown,
  defaultMessage: () => string = () => 'Done'
): Record<string, unknown> {
  if (result instanceof ActionStop) {
    return { action: name, [result.kind]: true, message: result.message }
  }
  return { action: name, message: typeof result === 'string' ? result : defaultMessage() }
}

/**
 * POST handler of a page-scoped header action. The `_kit_page` marker names
 * the page; it is removed before the action's data is validated.
 */
export function headerActionHandler(mount: ResourceMount) {
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    return withBoundedFlash(ctx, NO_FORM, async () => {
      const { action, result } = await runHeaderAction(
        mount,
        ctx.request.qs()._kit_page,
        ctx.params.action,
        context,
        ctx.request.body()
      )
      return actionResponse(ctx, actionBody(action.name, result), afterMutationUrl(mount))
    })
  }
}

/**
 * POST handler of a bulk action.
 */
export function bulkActionHandler(mount: ResourceMount) {
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const result = await runMountedBulkAction(mount, ctx.params.action, context, ctx.request.body())
    return actionResponse(
      ctx,
      { ...result, message: `${result.affected} affected, ${result.refused} refused` },
      afterMutationUrl(mount)
    )
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
    return withBoundedFlash(ctx, NO_FORM, async () => {
      const { record } = await updateColumn(
        resource,
        context,
        ctx.params.record,
        ctx.params.column,
        ctx.request.body()
      )
      return actionResponse(
        ctx,
        {
          column: ctx.params.column,
          message: resource.successMessage(ResourceOperation.Edit, record),
        },
        afterMutationUrl(mount)
      )
    })
  }
}

/**
 * Answer an option search on a form page's own GET route, after the page was
 * authorized, as JSON: `{ field, options: [{ value, label }] }`. On a manage
 * page the modal forms' boundary applies: create, or edit of `?edit=<key>`.
 */
async function answerOptionSearch(
  ctx: HttpContext,
  mount: ResourceMount,
  current: MountedPage,
  record: LucidRow | null,
  context: KitContext
) {
  const resource = mount.resource
  const kind = current.route.page.kind
  if (kind === 'manage') {
    const editKey = ctx.request.qs().edit
    if (editKey === undefined) {
      await authorize(resource, ResourceOperation.Create, null, context)
    } else {
      const editing = await findRecord(resource, context, editKey)
      await authorize(resource, ResourceOperation.Edit, editing, context)
    }
  } else if (kind !== 'create' && kind !== 'edit') {
    throw new RecordNotFoundException('Field not found')
  }
  void record
  const qs = ctx.request.qs()
  const form: Form = buildForm(resource)
  const field = form.getFields().find((candidate) => candidate.name === qs[SELECT_PARAMETERS.field])
  if (!(field instanceof Select) || !isSearchableSelect(resource.model, field)) {
    throw new RecordNotFoundException('Field not found')
  }
  const options = await searchOptions(resource.model, field, qs[SELECT_PARAMETERS.search], context)
  return ctx.response.ok({ field: field.name, options })
}

/**
 * POST handler creating an option of a select from its option form.
 */
export function createOptionHandler(mount: ResourceMount) {
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const fields = () => ({ fields: optionFormFields(mount.resource, ctx.params.field, 'create') })
    return withBoundedFlash(ctx, fields, async () => {
      const option = await createOption(
        mount.resource,
        context,
        ctx.params.field,
        ctx.request.qs()[OPTION_RECORD_PARAMETER],
        ctx.request.body()
      )
      return optionResponse(ctx, mount, option, 201)
    })
  }
}

/**
 * PATCH handler updating an option of a relationship select.
 */
export function updateOptionHandler(mount: ResourceMount) {
  return async (ctx: HttpContext) => {
    const context = await kitContext(ctx, mount)
    const fields = () => ({ fields: optionFormFields(mount.resource, ctx.params.field, 'edit') })
    return withBoundedFlash(ctx, fields, async () => {
      const option = await updateOption(
        mount.resource,
        context,
        ctx.params.field,
        ctx.params.option,
        ctx.request.qs()[OPTION_RECORD_PARAMETER],
        ctx.request.body()
      )
      return optionResponse(ctx, mount, option, 200)
    })
  }
}

function optionResponse(
  ctx: HttpContext,
  mount: ResourceMount,
  option: { value: string; label: string },
  status: number
) {
  if (ctx.request.accepts(['html', 'json']) === 'json') {
    return ctx.response.status(status).send({ option })
  }
  flashSuccess(ctx, `"${option.label}" saved`)
  const fallback = afterMutationUrl(mount)
  return redirectTo(ctx, ctx.request.header('referer') ?? fallback, fallback)
}
