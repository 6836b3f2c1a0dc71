import type { HttpContext } from '@adonisjs/core/http'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ResourcePageProps } from '../contracts/main.ts'
import { ResourceOperation } from '../resource/operation.ts'
import { allows, authorize } from '../authorization/authorizer.ts'
import { findRecord } from '../query/scoped_query.ts'
import { buildForm, buildTable } from '../table/builders.ts'
import { paginateTable, readTableState, TABLE_PARAMETERS } from '../table/table_query.ts'
import { resolveTab, serializeTabs } from '../pages/tabs.ts'
import type {
  CustomPage,
  ListRecords,
  ManageRelatedRecords,
  PageKind,
} from '../pages/resource_page.ts'
import { serializeTable } from '../table/table_serializer.ts'
import { serializeForm } from '../form/form_serializer.ts'
import { serializeHeaderAction } from '../table/actions/action_serializer.ts'
import { serializeInfolist } from '../infolist/infolist.ts'
import type { KitContext } from '../types.ts'
import type { MountedPage, ResourceMount } from './resource_mount.ts'

/**
 * What a page renderer works with. The record (for record pages) was
 * resolved through the scoped query and the page's operation authorized
 * before the renderer runs.
 */
export interface PageRenderContext {
  ctx: HttpContext
  mount: ResourceMount
  current: MountedPage
  record: LucidRow | null
  context: KitContext
  props: ResourcePageProps & Record<string, unknown>
}

/**
 * Validation errors flashed by the previous request, one message per field.
 */
export function flashedErrors(ctx: HttpContext): Record<string, string> {
  const bag = (ctx as any).session?.flashMessages?.get('inputErrorsBag', {}) ?? {}
  const errors: Record<string, string> = {}
  for (const [field, messages] of Object.entries(bag)) {
    errors[field] = Array.isArray(messages) ? String(messages[0]) : String(messages)
  }
  return errors
}

/**
 * The list page: table, tabs and the header actions the user may run.
 */
async function renderList({ ctx, mount, current, context, props }: PageRenderContext) {
  const resource = mount.resource
  const page = current.page as ListRecords
  const table = buildTable(resource)
  const qs = ctx.request.qs()
  const state = readTableState(table, qs)
  const tabs = page.tabs()
  const activeTab = resolveTab(tabs, qs[TABLE_PARAMETERS.tab])
  const rows = await paginateTable(resource, table, state, context, { tab: activeTab })
  props.table = await serializeTable(resource, table, state, rows as any, context)
  if (activeTab) {
    props.tabs = await serializeTabs(resource, tabs, activeTab, context)
  }
  const headerActions = page.headerActions()
  if (headerActions.length) {
    const visible = []
    for (const action of headerActions) {
      if (await action.allows({ record: null, user: context.user, http: ctx })) {
        visible.push(serializeHeaderAction(mount, action, current.key))
      }
    }
    props.headerActions = visible
  }
}

/**
 * The manage page of a simple resource: the list, plus what the modals need:
 * the create form when the user may create, and for `?edit=<key>` the edit
 * form of that record (resolved through the scoped query, a forged key is a
 * 404; authorized with edit, else 403).
 */
async function renderManage(render: PageRenderContext) {
  const { ctx, mount, context, props } = render
  const resource = mount.resource
  const editKey = ctx.request.qs().edit
  let editing: LucidRow | null = null
  if (editKey !== undefined) {
    editing = await findRecord(resource, context, Array.isArray(editKey) ? editKey[0] : editKey)
    await authorize(resource, ResourceOperation.Edit, editing, context)
  }

  await renderList(render)
  if (await allows(resource, ResourceOperation.Create, null, context)) {
    props.form = serializeForm(resource, buildForm(resource), 'create', null, {
      url: mount.recordUrl(),
      method: 'post',
    })
  }
  if (editing) {
    props.editForm = serializeForm(resource, buildForm(resource), 'edit', editing, {
      url: mount.recordUrl(editing),
      method: 'patch',
    })
  }
  props.errors = flashedErrors(ctx)
}

async function renderCreate({ ctx, mount, props }: PageRenderContext) {
  const resource = mount.resource
  props.form = serializeForm(resource, buildForm(resource), 'create', null, {
    url: mount.recordUrl(),
    method: 'post',
  })
  props.errors = flashedErrors(ctx)
}

async function renderEdit({ ctx, mount, record, props }: PageRenderContext) {
  const resource = mount.resource
  props.form = serializeForm(resource, buildForm(resource), 'edit', record, {
    url: mount.recordUrl(record),
    method: 'patch',
  })
  props.errors = flashedErrors(ctx)
}

/**
 * The view page: the infolist, its relationships loaded (one query each).
 */
async function renderView({ mount, record, props }: PageRenderContext) {
  const infolist = mount.infolist!
  for (const relationship of infolist.relationships) {
    await (record as any).load(relationship)
  }
  props.infolist = serializeInfolist(infolist, record!)
}

/**
 * The page of one relation manager: it names the relation it hosts; the
 * relation manager contract is added where relation managers are rendered.
 */
async function renderRelated({ current, props }: PageRenderContext) {
  const Manager = (current.page as ManageRelatedRecords).relationManager as any
  props.relationManager = { relationship: String(new Manager().relationship) }
}

/**
 * A custom page: its own props next to the kit's (the kit's win).
 */
async function renderCustom({ current, record, context, props }: PageRenderContext) {
  const extra = await (current.page as CustomPage).props({ ...context, record })
  if (extra && typeof extra === 'object') {
    for (const [key, value] of Object.entries(extra)) {
      if (!(key in props)) {
        props[key] = value
      }
    }
  }
}

/**
 * Each page kind's part of the page.
 */
export const pageRenderers: Record<PageKind, (render: PageRenderContext) => Promise<void>> = {
  list: renderList,
  manage: renderManage,
  create: renderCreate,
  edit: renderEdit,
  view: renderView,
  related: renderRelated,
  custom: renderCustom,
}
