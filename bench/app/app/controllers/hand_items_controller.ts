import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import Item from '../models/item.ts'
import { CONTAINS } from './hand_search_sql.ts'
import type BenchUser from '../models/bench_user.ts'
import ItemPolicy from '../policies/item_policy.ts'
import AuthorPolicy from '../policies/author_policy.ts'
import { STATUS_COLORS, STATUS_OPTIONS } from '../resources/item_columns.ts'
import { relationsAllow } from '../relation_managers/notes_relation_manager.ts'
import Note from '../models/note.ts'
import Label from '../models/label.ts'
import { translatorFor } from '../../../../src/i18n/translator.ts'

/**
 * The fastest honest alternative to the kit's item pages: a controller
 * written by hand that runs the same Lucid queries, applies the same
 * authorization rules (calling the policy's methods directly) and returns the
 * same Inertia props (it links to the kit's URLs so that the two answers can
 * be compared byte for byte). Everything static is a literal.
 */

const TABLE = Item.table
const BASE = '/admin/items'
const policy = new ItemPolicy()
const PER_PAGE_OPTIONS = [10, 25, 50, 100]
const SORTABLE: Record<string, string> = {
  title: `${TABLE}.title`,
  price: `${TABLE}.price`,
  createdAt: `${TABLE}.created_at`,
}
const TRASHED = ['without', 'with', 'only']

const COLUMNS = [
  {
    name: 'title',
    label: 'Title',
    type: 'text',
    searchable: true,
    sortable: true,
    editable: false,
  },
  {
    name: 'author.name',
    label: 'Author',
    type: 'text',
    searchable: false,
    sortable: false,
    editable: false,
  },
  {
    name: 'status',
    label: 'Status',
    type: 'badge',
    searchable: false,
    sortable: false,
    editable: false,
    colors: STATUS_COLORS,
  },
  {
    name: 'price',
    label: 'Price',
    type: 'text',
    searchable: false,
    sortable: true,
    editable: false,
  },
  {
    name: 'createdAt',
    label: 'Created at',
    type: 'text',
    searchable: false,
    sortable: true,
    editable: false,
  },
]
const ACTIONS = [
  {
    color: 'gray',
    hosted: true,
    name: 'edit',
    label: 'Edit',
    method: 'get',
    url: `${BASE}/{record}/edit`,
    requiresConfirmation: false,
  },
  {
    color: 'red',
    hosted: true,
    name: 'delete',
    label: 'Delete',
    method: 'delete',
    url: `${BASE}/{record}`,
    requiresConfirmation: true,
  },
  {
    color: 'gray',
    hosted: true,
    name: 'restore',
    label: 'Restore',
    method: 'post',
    url: `${BASE}/{record}/restore`,
    requiresConfirmation: false,
  },
  {
    color: 'red',
    hosted: true,
    name: 'forceDelete',
    label: 'Delete permanently',
    method: 'delete',
    url: `${BASE}/{record}/force-delete`,
    requiresConfirmation: true,
  },
]
const RECORDS = { singular: 'item', plural: 'items', gender: 'masculine' }
const BULK_ACTIONS = [
  {
    name: 'delete',
    label: 'Delete',
    color: 'red',
    url: `${BASE}/bulk-actions/delete`,
    requiresConfirmation: true,
  },
  {
    name: 'restore',
    label: 'Restore',
    color: 'gray',
    url: `${BASE}/bulk-actions/restore`,
    requiresConfirmation: true,
  },
  {
    name: 'forceDelete',
    label: 'Delete permanently',
    color: 'red',
    url: `${BASE}/bulk-actions/forceDelete`,
    requiresConfirmation: true,
  },
]
const STATUS_FILTER_OPTIONS = Object.entries(STATUS_OPTIONS).map(([value, label]) => ({
  value,
  label,
}))
const TRASHED_FILTER_OPTIONS = [
  { value: 'without', label: 'Without trashed' },
  { value: 'with', label: 'With trashed' },
  { value: 'only', label: 'Only trashed' },
]
const PARAMETERS = {
  search: 'search',
  sort: 'sort',
  direction: 'direction',
  page: 'page',
  perPage: 'perPage',
  filters: 'filters',
  tab: 'tab',
}
const RESOURCE = {
  slug: 'items',
  label: 'Item',
  pluralLabel: 'Items',
  urls: { index: BASE, create: `${BASE}/create` },
}
const FIELDS = [
  {
    type: 'text',
    name: 'title',
    label: 'Title',
    required: true,
    inputType: 'text',
    maxLength: 255,
    placeholder: null,
  },
  {
    type: 'select',
    name: 'status',
    label: 'Status',
    required: true,
    options: STATUS_FILTER_OPTIONS,
    multiple: false,
    searchable: false,
    preload: false,
    searchDebounce: 500,
    search: null,
    relationship: null,
    createOption: null,
    editOption: null,
  },
  {
    type: 'text',
    name: 'price',
    label: 'Price',
    required: false,
    inputType: 'number',
    maxLength: null,
    placeholder: null,
  },
  {
    type: 'text',
    name: 'authorId',
    label: 'Author id',
    required: false,
    inputType: 'number',
    maxLength: null,
    placeholder: null,
  },
]

const validator = vine.compile(
  vine.object({
    title: vine.string().trim().minLength(1).maxLength(255),
    status: vine.enum(['draft', 'published', 'archived']),
    price: vine.number().min(0).max(1_000_000),
    authorId: vine.number().min(1),
  })
)

function scoped(trashed: string | null = null) {
  const query = Item.query()
  if (trashed === 'only') query.whereNotNull(`${TABLE}.deleted_at`)
  else if (trashed !== 'with') query.whereNull(`${TABLE}.deleted_at`)
  return query
}

/**
 * The automatic count, by hand: a count that stops after THRESHOLD + 1
 * rows; over the threshold, the database's estimate for a list that
 * nothing but the soft-delete default (and, on PostgreSQL, the tab)
 * narrows, else the lower bound.
 */
const THRESHOLD = 10_000

type Total = { total: number; kind: 'exact' | 'estimate' | 'atLeast' }

async function boundedTotal(query: ReturnType<typeof scoped>, plain: boolean): Promise<Total> {
  const keys = query
    .clone()
    .clearOrder()
    .clearSelect()
    .select(`${TABLE}.id`)
    .limit(THRESHOLD + 1)
    .as('kit_bounded')
  const [row] = await db
    .query()
    .from(keys as any)
    .count('* as total')
  const counted = Number(row.total)
  if (counted <= THRESHOLD) return { total: counted, kind: 'exact' }
  const estimate = plain ? await estimateOf(query) : null
  return estimate === null
    ? { total: THRESHOLD, kind: 'atLeast' }
    : { total: Math.max(estimate, counted), kind: 'estimate' }
}

async function estimateOf(query: ReturnType<typeof scoped>): Promise<number | null> {
  const dialect = db.connection().dialect.name
  if (dialect === 'postgres') {
    const { sql, bindings } = query.clone().clearOrder().clearSelect().select('*').toSQL()
    const result = await db.rawQuery(`EXPLAIN (FORMAT JSON) ${sql}`, bindings as any)
    return Math.round(Number(result.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']))
  }
  if (dialect === 'mysql') {
    const [row] = await db
      .query()
      .from('information_schema.tables')
      .select('table_rows as total')
      .where('table_name', TABLE)
      .where('table_schema', db.raw('database()'))
    return row ? Number(row.total) : null
  }
  const [row] = await db.query().from('sqlite_stat1').select('stat').where('tbl', TABLE)
  return row ? Number.parseInt(row.stat, 10) : null
}

const authorPolicy = new AuthorPolicy()

/**
 * The panel navigation, each entry shown when its policy allows viewAny.
 */
function navigation() {
  const entries = []
  if (authorPolicy.viewAny()) {
    entries.push({
      label: 'Authors',
      icon: null,
      url: '/admin/authors',
      sort: null,
      group: null,
      active: false,
    })
  }
  if (policy.viewAny()) {
    entries.push(
      {
        label: 'Bulk items',
        icon: null,
        url: '/admin/bulk-items',
        sort: null,
        group: null,
        active: false,
      },
      {
        label: 'Formatted items',
        icon: null,
        url: '/admin/formatted-items',
        sort: null,
        group: null,
        active: false,
      },
      { label: 'Items', icon: null, url: BASE, sort: null, group: null, active: true },
      /* the same items with the large-table options (tuned_item_resource.ts) */
      {
        label: 'Tuned items',
        icon: null,
        url: '/admin/tuned-items',
        sort: null,
        group: null,
        active: false,
      }
    )
  }
  if (authorPolicy.viewAny()) {
    entries.push({
      label: 'Users',
      icon: null,
      url: '/admin/users',
      sort: null,
      group: null,
      active: false,
    })
  }
  return entries
}

/* the kit's strings in the panel's language, sent once per visit as the kit sends them */
const TEXT = translatorFor('en-US')
const STRINGS = TEXT.strings()

function render(ctx: HttpContext, component: string, props: Record<string, unknown>) {
  const inertia = (ctx as any).inertia
  return inertia.render(component, {
    ...props,
    navigation: navigation(),
    locale: TEXT.locale,
    strings: inertia.once(() => STRINGS, { key: `kit.strings.${TEXT.locale}` }),
  })
}

function userOf(ctx: HttpContext): BenchUser {
  return (ctx as any).benchUser
}

async function findItem(ctx: HttpContext) {
  const key = String(ctx.params.id)
  if (!/^[1-9][0-9]{0,9}$/.test(key) || Number(key) > 2_147_483_647) {
    return null
  }
  return scoped().where(`${TABLE}.id`, key).first()
}

function flashedErrors(ctx: HttpContext) {
  const bag = ctx.session.flashMessages.get('inputErrorsBag', {}) as Record<string, unknown>
  const errors: Record<string, string> = {}
  for (const [field, messages] of Object.entries(bag)) {
    errors[field] = Array.isArray(messages) ? String(messages[0]) : String(messages)
  }
  return errors
}

/* the two relation managers of the edit page: static parts as literals */
const RELATION_PER_PAGE = 10
const RELATION_PARAMETERS = { ...PARAMETERS }
const textField = (name: string, label: string, required: boolean) => ({
  type: 'text',
  name,
  label,
  required,
  inputType: 'text',
  maxLength: null,
  placeholder: null,
})
const column = (name: string, label: string, searchable: boolean) => ({
  name,
  label,
  type: 'text',
  searchable,
  sortable: searchable,
  editable: false,
})
const editAction = (url: string) => ({
  name: 'edit',
  color: 'gray',
  hosted: true,
  requiresConfirmation: false,
  label: 'Edit',
  method: 'patch',
  url,
})
const deleteAction = (url: string) => ({
  name: 'delete',
  color: 'red',
  hosted: true,
  requiresConfirmation: true,
  label: 'Delete',
  method: 'delete',
  url,
})
const pagination = (total: number) => ({
  page: 1,
  perPage: RELATION_PER_PAGE,
  perPageOptions: PER_PAGE_OPTIONS,
  total,
  lastPage: Math.max(1, Math.ceil(total / RELATION_PER_PAGE)),
})
const titleOf = (value: unknown, key: number) =>
  value !== null && value !== undefined && String(value).trim() !== '' ? String(value) : `#${key}`

/**
 * The `relations` prop of an item's edit page: the first page of its notes
 * and of its labels (pivot column `role`), two queries each (count and
 * rows), whatever the number of related rows.
 */
async function relationsOf(item: Item, user: BenchUser) {
  if (!relationsAllow('viewAny', user)) return []
  const base = `${BASE}/${item.id}/relations`
  const notesBase = `${base}/notes`
  const labelsBase = `${base}/labels`
  const notes = await item
    .related('notes')
    .query()
    .orderBy(`${Note.table}.id`, 'asc')
    .paginate(1, RELATION_PER_PAGE)
  const labels = await item
    .related('labels')
    .query()
    .pivotColumns(['role'])
    .orderBy(`${Label.table}.id`, 'asc')
    .paginate(1, RELATION_PER_PAGE)
  const noteActions = ['edit', 'delete'].filter((name) => relationsAllow(name, user))
  const labelActions = ['edit', 'delete', 'detach'].filter((name) => relationsAllow(name, user))
  return [
    {
      contract: 'kit.resources.relation-manager.v1',
      type: 'manager',
      name: 'notes',
      label: 'Notes',
      kind: 'hasMany',
      readOnly: false,
      softDeletes: false,
      group: null,
      urls: { index: notesBase, record: `${notesBase}/{record}` },
      table: {
        columns: [column('body', 'Body', true)],
        actions: [editAction(`${notesBase}/{record}`), deleteAction(`${notesBase}/{record}`)],
        bulkActions: [],
        rows: notes.all().map((note) => ({
          key: note.id,
          title: titleOf(note.body, note.id),
          values: { body: note.body },
          url: null,
          actions: noteActions,
        })),
        filters: [],
        searchable: true,
        search: null,
        sort: null,
        pagination: pagination(Number(notes.total)),
        parameters: RELATION_PARAMETERS,
      },
      form: relationsAllow('create', user)
        ? {
            operation: 'create',
            columns: 1,
            fields: [
              {
                type: 'textarea',
                name: 'body',
                label: 'Body',
                required: true,
                rows: 4,
                maxLength: null,
              },
            ],
            values: { body: null },
            action: { url: notesBase, method: 'post' },
          }
        : null,
      attach: null,
      associate: null,
    },
    {
      contract: 'kit.resources.relation-manager.v1',
      type: 'manager',
      name: 'labels',
      label: 'Labels',
      kind: 'manyToMany',
      readOnly: false,
      softDeletes: false,
      group: null,
      urls: { index: labelsBase, record: `${labelsBase}/{record}` },
      table: {
        columns: [column('name', 'Name', true), column('role', 'Role', false)],
        actions: [
          editAction(`${labelsBase}/{record}`),
          deleteAction(`${labelsBase}/{record}`),
          {
            name: 'detach',
            color: 'gray',
            hosted: true,
            requiresConfirmation: true,
            label: 'Detach',
            method: 'post',
            url: `${labelsBase}/{record}/detach`,
          },
        ],
        bulkActions: [],
        rows: labels.all().map((label) => ({
          key: label.id,
          title: titleOf(label.name, label.id),
          values: { name: label.name, role: label.$extras.pivot_role ?? null },
          url: null,
          actions: labelActions,
        })),
        filters: [],
        searchable: true,
        search: null,
        sort: null,
        pagination: pagination(Number(labels.total)),
        parameters: RELATION_PARAMETERS,
      },
      form: relationsAllow('create', user)
        ? {
            operation: 'create',
            columns: 1,
            fields: [textField('name', 'Name', true), textField('role', 'Role', false)],
            values: { name: null, role: null },
            action: { url: labelsBase, method: 'post' },
          }
        : null,
      attach: relationsAllow('attach', user)
        ? {
            label: 'Label',
            optionsUrl: `${labelsBase}/options/attach`,
            url: `${labelsBase}/attach`,
            fields: [textField('role', 'Role', false)],
            columns: 1,
          }
        : null,
      associate: null,
    },
  ]
}

export default class HandItemsController {
  async index(ctx: HttpContext) {
    const user = userOf(ctx)
    if (!policy.viewAny()) return ctx.response.forbidden({ message: 'Forbidden' })
    const qs = ctx.request.qs()

    /* the query string, checked against what the table offers */
    let search: string | null = typeof qs.search === 'string' ? qs.search.trim() : null
    if (search !== null) {
      search = search.replaceAll('\0', '').slice(0, 255)
      if ([...search].length < 2) search = null
    }
    const sortColumn =
      typeof qs.sort === 'string' && Object.hasOwn(SORTABLE, qs.sort) ? qs.sort : null
    const direction: 'asc' | 'desc' = qs.direction === 'desc' ? 'desc' : 'asc'
    const sort = sortColumn ? { column: sortColumn, direction } : null
    const page =
      typeof qs.page === 'string' &&
      /^[0-9]{1,10}$/.test(qs.page) &&
      Number(qs.page) >= 1 &&
      Number(qs.page) <= 1e9
        ? Number(qs.page)
        : 1
    const perPage = PER_PAGE_OPTIONS.includes(Number(qs.perPage)) ? Number(qs.perPage) : 25
    const rawFilters = qs.filters && typeof qs.filters === 'object' ? qs.filters : {}
    const status = Object.hasOwn(STATUS_OPTIONS, rawFilters.status)
      ? (rawFilters.status as string)
      : null
    const trashed = TRASHED.includes(rawFilters.trashed) ? (rawFilters.trashed as string) : null
    const tab = qs.tab === 'published' ? 'published' : 'all'

    /* the list query */
    const query = scoped(trashed)
    if (tab === 'published') query.where('status', 'published')
    if (search) {
      const pattern = `%${search.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`
      query.where((group) => group.orWhereRaw(CONTAINS(), [`${TABLE}.title`, pattern]))
    }
    if (status) query.where(`${TABLE}.status`, status)
    query.preload('author')
    if (sort) query.orderBy(SORTABLE[sort.column], sort.direction)
    query.orderBy(`${TABLE}.id`, sort?.direction ?? 'asc')

    /* the total (automatic count), then the page: one row more than the
       page when the total is not exact */
    const unfiltered = search === null && status === null && trashed === null
    const dialect = db.connection().dialect.name
    const known = await boundedTotal(query, unfiltered && (tab === 'all' || dialect === 'postgres'))
    const offset = (page - 1) * perPage
    const fetched = await query
      .clone()
      .offset(offset)
      .limit(known.kind === 'exact' ? perPage : perPage + 1)
    const more = fetched.length > perPage
    const items = more ? fetched.slice(0, perPage) : fetched
    const exact = known.kind === 'exact' || !more
    const total =
      known.kind === 'exact'
        ? known.total
        : exact
          ? offset + items.length
          : Math.max(known.total, offset + items.length + 1)

    /* the rows, with the actions the user may take */
    const rows = items.map((item) => {
      const isTrashed = item.deletedAt !== null && item.deletedAt !== undefined
      const actions: string[] = []
      let url: string | null = null
      if (isTrashed) {
        if (policy.restore(user)) actions.push('restore')
        if (policy.forceDelete(user)) actions.push('forceDelete')
      } else {
        if (policy.update(user, item)) {
          actions.push('edit')
          url = `${BASE}/${item.id}/edit`
        }
        if (policy.delete(user, item)) actions.push('delete')
        if (policy.forceDelete(user)) actions.push('forceDelete')
      }
      return {
        key: item.id,
        title: item.title?.trim() ? item.title : `Item #${item.id}`,
        values: {
          'title': item.title,
          'author.name': item.author?.name ?? null,
          'status': item.status,
          'price': item.price,
          'createdAt': item.createdAt?.toISO() ?? null,
        },
        url,
        actions,
        trashed: isTrashed,
      }
    })

    /* the tab badges: without search or filters the active tab's badge is
       the pagination total; the others arrive after the page (deferred) */
    const activeBadge = unfiltered
      ? exact
        ? { badge: total }
        : { badge: total, badgeCount: known.kind }
      : null
    const badgeOf = async (key: string) => {
      const tabQuery = key === 'all' ? scoped() : scoped().where('status', 'published')
      const counted = await boundedTotal(tabQuery, key === 'all' || dialect === 'postgres')
      return counted.kind === 'exact'
        ? { badge: counted.total }
        : { badge: counted.total, count: counted.kind }
    }
    const tabItem = (key: string, label: string) =>
      key === tab && activeBadge
        ? { key, label, ...activeBadge }
        : { key, label, badge: null, badgeDeferred: true }
    const deferredTabs = ['all', 'published'].filter((key) => key !== tab || !activeBadge)

    return render(ctx, 'kit/list_records', {
      resource: RESOURCE,
      page: {
        key: 'index',
        operation: 'viewAny',
        title: 'List',
        heading: 'Items',
        documentTitle: 'Items',
      },
      breadcrumbs: [
        { label: 'Items', url: BASE, current: false },
        { label: 'List', url: null, current: true },
      ],
      kitPanel: { id: 'admin', searchUrl: '/admin/search' },
      table: {
        columns: COLUMNS,
        actions: ACTIONS,
        /* restore only where trashed rows are listed, delete only where live ones are */
        bulkActions: BULK_ACTIONS.filter(
          ({ name }) =>
            (name !== 'restore' || (trashed !== null && trashed !== 'without')) &&
            (name !== 'delete' || trashed !== 'only')
        ),
        filters: [
          {
            name: 'status',
            label: 'Status',
            type: 'select',
            options: STATUS_FILTER_OPTIONS,
            value: status,
          },
          {
            name: 'trashed',
            label: 'Trashed records',
            type: 'select',
            options: TRASHED_FILTER_OPTIONS,
            value: trashed,
          },
        ],
        ...(status
          ? {
              indicators: [
                {
                  filter: 'status',
                  label: `Status: ${STATUS_OPTIONS[status as keyof typeof STATUS_OPTIONS]}`,
                },
              ],
            }
          : {}),
        rows,
        searchable: true,
        search,
        sort,
        pagination: {
          page,
          perPage,
          perPageOptions: PER_PAGE_OPTIONS,
          total,
          lastPage: Math.max(1, Math.ceil(total / perPage)),
          ...(exact ? {} : { count: known.kind, hasMorePages: true }),
        },
        parameters: PARAMETERS,
        records: RECORDS,
      },
      tabs: {
        active: tab,
        items: [tabItem('all', 'All'), tabItem('published', 'Published')],
      },
      tabBadges: (ctx as any).inertia.defer(async () => {
        const badges: Record<string, unknown> = {}
        for (const key of deferredTabs) badges[key] = await badgeOf(key)
        return badges
      }, 'kit'),
    })
  }

  async edit(ctx: HttpContext) {
    const item = await findItem(ctx)
    if (!item) return ctx.response.notFound({ message: 'Not found' })
    const user = userOf(ctx)
    if (!policy.update(user, item)) return ctx.response.forbidden({ message: 'Forbidden' })
    const relations = await relationsOf(item, user)
    return render(ctx, 'kit/edit_record', {
      resource: RESOURCE,
      page: {
        key: 'edit',
        operation: 'edit',
        title: 'Edit',
        heading: item.title,
        documentTitle: `${item.title} · Items`,
      },
      breadcrumbs: [
        { label: 'Items', url: BASE, current: false },
        { label: item.title, url: `${BASE}/${item.id}/edit`, current: false },
        { label: 'Edit', url: null, current: true },
      ],
      kitPanel: { id: 'admin', searchUrl: '/admin/search' },
      record: { key: item.id, title: item.title },
      form: {
        operation: 'edit',
        columns: 2,
        fields: FIELDS,
        values: {
          title: item.title,
          status: item.status,
          price: item.price,
          authorId: item.authorId,
        },
        action: { url: `${BASE}/${item.id}`, method: 'patch' },
        original: {
          title: item.title,
          status: item.status,
          price: item.price,
          authorId: item.authorId,
        },
      },
      relations,
      errors: flashedErrors(ctx),
    })
  }

  async store(ctx: HttpContext) {
    const user = userOf(ctx)
    if (!policy.create()) return ctx.response.forbidden({ message: 'Forbidden' })
    const data = await ctx.request.validateUsing(validator)
    const item = await db.transaction(async (trx) => {
      const created = new Item()
      created.merge({ ...data, title: data.title.replace(/\s+/g, ' ') })
      created.useTransaction(trx)
      await created.save()
      return created
    })
    ctx.session.flash('success', `Item "${item.title}" created`)
    return ctx.response
      .redirect()
      .toPath(policy.update(user, item) ? `${BASE}/${item.id}/edit` : BASE)
  }

  async update(ctx: HttpContext) {
    const item = await findItem(ctx)
    if (!item) return ctx.response.notFound({ message: 'Not found' })
    if (!policy.update(userOf(ctx), item)) return ctx.response.forbidden({ message: 'Forbidden' })
    const data = await ctx.request.validateUsing(validator)
    /* read again and locked inside the transaction, as a careful controller
       does against concurrent writes (the kit does the same) */
    const saved = await db.transaction(async (trx) => {
      const query = Item.query({ client: trx }).whereNull(`${TABLE}.deleted_at`)
      if (trx.dialect.name !== 'better-sqlite3') query.forUpdate()
      const locked = await query.where(`${TABLE}.id`, item.id).first()
      if (!locked) return null
      locked.merge({ ...data, title: data.title.replace(/\s+/g, ' ') })
      await locked.save()
      return locked
    })
    if (!saved) return ctx.response.notFound({ message: 'Not found' })
    ctx.session.flash('success', `Item "${saved.title}" saved`)
    return ctx.response.redirect().toPath(`${BASE}/${saved.id}/edit`)
  }
}
