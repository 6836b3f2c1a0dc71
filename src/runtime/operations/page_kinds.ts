import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ResourcePageProps } from '../../contracts/main.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { allows, authorize } from '../authorization/authorizer.ts'
import { findRecord } from '../query/scoped_query.ts'
import type {
  CustomPage,
  ManageRelatedRecords,
  PageKind,
} from '../../definitions/pages/resource_page.ts'
import { loadInfolist, serializeInfolist } from '../../definitions/infolist/infolist.ts'
import { completeMediaEntries } from '../files/file_urls.ts'
import { serializeRelations } from '../relations/relation_serializer.ts'
import { listDeferredProps, listTable } from './list.ts'
import { DeferredProp } from './deferred_prop.ts'
import { formContract, formPageUrl } from './forms.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { MountedPage, ResourceMount } from '../mounts/resource_mount.ts'
import type { PageInput } from './operation.ts'

/**
 * What a page renderer works with. The record (for record pages) was
 * resolved through the scoped query and the page's operation authorized
 * before the renderer runs.
 */
export interface PageRenderContext {
  query: PageInput['query']
  flashed: PageInput['flashed']
  mount: ResourceMount
  current: MountedPage
  record: LucidRow | null
  context: KitContext
  props: ResourcePageProps & Record<string, unknown>
}

/**
 * The list page: table, tabs and the header actions the user may run.
 */
async function renderList({ query, flashed, mount, current, context, props }: PageRenderContext) {
  const list = await listTable(mount, current, query, context)
  props.table = list.table
  if (flashed.job) {
    props.job = flashed.job
  }
  if (list.tabs) {
    props.tabs = list.tabs
  }
  if (list.tabBadges) {
    /* sent after the page: the renderer hands it to Inertia's defer() */
    ;(props as Record<string, unknown>).tabBadges = new DeferredProp(list.tabBadges)
  }
}

/**
 * The manage page of a simple resource: the list, plus what the modals need:
 * the create form when the user may create, and for `?edit=<key>` the edit
 * form of that record (resolved through the scoped query, a forged key is a
 * 404; authorized with edit, else 403).
 */
async function renderManage(render: PageRenderContext) {
  const { query, flashed, mount, context, props } = render
  const resource = mount.resource
  const editKey = query.edit
  let editing: LucidRow | null = null
  if (editKey !== undefined) {
    editing = await findRecord(resource, context, Array.isArray(editKey) ? editKey[0] : editKey)
    await authorize(resource, ResourceOperation.Edit, editing, context)
  }

  await renderList(render)
  const pageUrl = mount.url(render.current.key)
  if (await allows(resource, ResourceOperation.Create, null, context)) {
    props.form = await formContract(mount, null, context, {
      pageUrl,
      oldInput: editing ? null : flashed.input,
    })
  }
  if (editing) {
    props.editForm = await formContract(mount, editing, context, {
      pageUrl: formPageUrl(mount, render.current, editing),
      oldInput: flashed.input,
    })
  }
  props.errors = flashed.errors
}

async function renderCreate({ flashed, mount, current, context, props }: PageRenderContext) {
  props.form = await formContract(mount, null, context, {
    pageUrl: mount.url(current.key),
    oldInput: flashed.input,
  })
  props.errors = flashed.errors
}

async function renderEdit({ flashed, mount, current, record, context, props }: PageRenderContext) {
  props.form = await formContract(mount, record, context, {
    pageUrl: mount.url(current.key, record),
    oldInput: flashed.input,
  })
  if (mount.relations.size) {
    props.relations = await serializeRelations(mount, record!, context)
  }
  props.errors = flashed.errors
}

/**
 * The view page: the infolist, its relationships loaded (one query each,
 * whatever the number of related records).
 */
async function renderView({ mount, record, context, props }: PageRenderContext) {
  const infolist = mount.infolist!
  await loadInfolist(infolist, record!)
  props.infolist = serializeInfolist(infolist, record!, mount.options.presentation)
  await completeMediaEntries(infolist, props.infolist)
  /* view pages make relation managers read-only */
  if (mount.relations.size) {
    props.relations = await serializeRelations(mount, record!, context, { readOnly: true })
  }
}

/**
 * The page of one relation manager: the relation it hosts and its manager
 * contract (null when the user may not list it).
 */
async function renderRelated({ mount, current, record, context, props }: PageRenderContext) {
  const Manager = (current.page as ManageRelatedRecords).relationManager as unknown as new () => {
    relationship: unknown
  }
  const relationship = String(new Manager().relationship)
  const entries = await serializeRelations(mount, record!, context)
  const managers = entries.flatMap((entry) => (entry.type === 'group' ? entry.managers : [entry]))
  props.relationManager = {
    relationship,
    manager: managers.find((manager) => manager.name === relationship) ?? null,
  }
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
export const pageKinds: Record<PageKind, (render: PageRenderContext) => Promise<void>> = {
  list: renderList,
  manage: renderManage,
  create: renderCreate,
  edit: renderEdit,
  view: renderView,
  related: renderRelated,
  custom: renderCustom,
}

/**
 * The deferred props of the page kinds that have some, computed without
 * the rest of the page (a partial reload asking only for them). Every name
 * a kind may defer is a key of its answer; the prop itself is computed
 * only when the reload asks for it.
 */
export const pageKindDeferredProps: Partial<
  Record<PageKind, (input: PageInput) => Record<string, () => Promise<unknown>> | null>
> = {
  list: ({ mount, current, query, context }) => listDeferredProps(mount, current, query, context),
  /* a manage page with a record's edit modal open builds its page (its
     record is resolved and authorized there) */
  manage: ({ mount, current, query, context }) =>
    query.edit === undefined ? listDeferredProps(mount, current, query, context) : null,
}
