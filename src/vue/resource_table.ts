import {
  computed,
  defineComponent,
  h,
  onBeforeUnmount,
  ref,
  useId,
  watch,
  type PropType,
  type VNode,
} from 'vue'
import { Link, router } from '@inertiajs/vue3'
import type {
  ActionContract,
  TableColumnContract,
  TableContract,
  TableRowContract,
  TabsContract,
} from '../renderers/types.ts'
import {
  actionUrl,
  versionedData,
  ariaSort,
  bulkConfirmation,
  clearSearchChange,
  isDestructive,
  isFilteredEmpty,
  rowConfirmation,
  bulkPayload,
  colorClass,
  debounce,
  nextSort,
  rowActions,
  tableQuery,
  withTypedSearch,
  PendingTableChanges,
  tableUrl,
  type TableQueryChange,
} from '../renderers/shared.ts'
import { actionIconName } from '../renderers/icons.ts'
import {
  pageStatus,
  paginationLabels,
  recordRange,
  selectAllMatchingLabel,
  selectionStatus,
  splitRowActions,
  flashToast,
} from '../renderers/behaviour.ts'
import { Menu } from '@ark-ui/vue/menu'
import { Pagination } from '@ark-ui/vue/pagination'
import { useConfirmation } from './dialog.ts'
import { useActionForm } from './form/action_form.ts'
import { actionFormVisit } from '../renderers/form_layout.ts'
import { KitIcon } from './icons.ts'
import { useText } from './text.ts'
import { summariesByColumn, summaryText } from '../renderers/values.ts'
import {
  canReorder,
  groupStarts,
  groupTitle,
  initiallyHiddenColumns,
} from '../renderers/table_columns.ts'
import { withDescription } from './table/cells.ts'
import { renderKitComponent } from './registry.ts'
import { filterIndicators } from './table/indicators.ts'
import { moveRow, reorderCell } from './table/reorder.ts'
import { followJob } from './jobs/job_progress.ts'
import { callBulkAction, errorToast } from '../renderers/jobs.ts'
import { kitToaster } from './toasts.ts'
import { KitTooltip } from './tooltip.ts'
import { selectionCheckbox } from './table/selection.ts'
import { PerPageSelect } from './table/per_page.ts'
import { ColumnToggle } from './table/column_toggle.ts'
import { FiltersPanel } from './table/filters_panel.ts'

/** The icon of a row action, when its name has one */
function actionIcon(name: string) {
  const icon = actionIconName(name)
  return icon ? h(KitIcon, { name: icon }) : null
}

/**
 * A row's actions: links for the actions with their own page, buttons for
 * the others; past three, the rest in a "More actions" menu (Ark UI Menu).
 */
const RowActions = defineComponent({
  name: 'RowActions',
  props: {
    row: { type: Object as PropType<TableRowContract>, required: true },
    actions: { type: Array as PropType<ActionContract[]>, required: true },
    hasEdit: { type: Boolean, default: false },
    onRun: {
      type: Function as PropType<(action: ActionContract, row: TableRowContract) => void>,
      required: true,
    },
  },
  setup(props) {
    const t = useText()
    const menuId = useId()
    const sr = (text: string) => h('span', { class: 'kit-sr-only' }, text)
    const isLink = (action: ActionContract) => action.method === 'get' && !action.hosted
    return () => {
      const { row } = props
      const { inline, more } = splitRowActions(props.actions, props.hasEdit)
      const moreLabel = t('table.moreActionsFor', { title: row.title })
      return [
        ...inline.map((action) =>
          isLink(action)
            ? h(
                'a',
                { key: action.name, href: actionUrl(action.url, row.key), class: 'kit-button' },
                [actionIcon(action.name), action.label, sr(` ${row.title}`)]
              )
            : h(
                'button',
                {
                  key: action.name,
                  type: 'button',
                  class: `kit-button ${colorClass(action.color)}`,
                  onClick: () => props.onRun(action, row),
                },
                [actionIcon(action.name), action.label, sr(` ${row.title}`)]
              )
        ),
        more.length
          ? h(
              Menu.Root,
              {
                ids: { trigger: menuId },
                positioning: { placement: 'bottom-end', strategy: 'fixed' },
                onSelect: (details: { value: string }) => {
                  const action = more.find((candidate) => candidate.name === details.value)
                  if (action && !isLink(action)) props.onRun(action, row)
                },
              },
              () => [
                h(KitTooltip, { label: moreLabel, triggerId: menuId }, () => [
                  h(
                    Menu.Trigger,
                    { 'class': 'kit-button kit-row-menu-trigger', 'aria-label': moreLabel },
                    () => [h(KitIcon, { name: 'ellipsis-vertical' })]
                  ),
                ]),
                h(Menu.Positioner, null, () => [
                  h(Menu.Content, { class: 'kit-menu' }, () =>
                    more.map((action) =>
                      isLink(action)
                        ? h(
                            Menu.Item,
                            { key: action.name, value: action.name, asChild: true },
                            () => [
                              h(
                                'a',
                                { href: actionUrl(action.url, row.key), class: 'kit-menu-item' },
                                [actionIcon(action.name), action.label]
                              ),
                            ]
                          )
                        : h(
                            Menu.Item,
                            {
                              key: action.name,
                              value: action.name,
                              class: `kit-menu-item ${colorClass(action.color)}`,
                            },
                            () => [actionIcon(action.name), action.label]
                          )
                    )
                  ),
                ]),
              ]
            )
          : null,
      ]
    }
  },
})

interface Selection {
  keys: (string | number)[]
  allMatching: boolean
  except: (string | number)[]
}

const empty = (): Selection => ({ keys: [], allMatching: false, except: [] })

/**
 * A table: search box, filters, sortable headers, rows with their allowed
 * actions, bulk selection (page or every matching record) and pagination.
 * Emits `query-change` instead of visiting when `controlled` is set
 * (relation managers), `mutated` after an action succeeded and `edit-row`
 * for simple resources. Slot `empty`: shown in the empty state under its
 * message (the page's create action).
 */
export const ResourceTable = defineComponent({
  name: 'ResourceTable',
  props: {
    table: { type: Object as PropType<TableContract>, required: true },
    tabs: { type: Object as PropType<TabsContract | null>, default: null },
    path: { type: String, required: true },
    label: { type: String, required: true },
    controlled: { type: Boolean, default: false },
    editInPlace: { type: Boolean, default: false },
    rowExtra: {
      type: Function as PropType<((row: TableRowContract) => VNode | null) | null>,
      default: null,
    },
  },
  emits: ['query-change', 'mutated', 'edit-row'],
  setup(props, { emit, slots }) {
    const t = useText()
    const term = ref(props.table.search ?? '')
    const selection = ref<Selection>(empty())
    const hidden = ref<string[]>(initiallyHiddenColumns(props.table, props.label))
    const confirmation = useConfirmation()
    const actionForm = useActionForm()

    watch(
      () => [props.table.rows.map((row) => String(row.key)).join(','), props.table.pagination.page],
      () => (selection.value = empty())
    )
    watch(
      () => props.table.search,
      (search) => (term.value = search ?? '')
    )

    const pendingChanges = new PendingTableChanges()
    const go = (change: TableQueryChange) => {
      /* a search still waiting for its visit goes with this change, never after it */
      searchLater.cancel()
      const query = tableQuery(
        props.table,
        props.tabs,
        withTypedSearch(props.table, term.value, pendingChanges.merge(props.table, change))
      )
      if (props.controlled) return emit('query-change', query)
      router.visit(tableUrl(props.path, query), {
        preserveState: true,
        preserveScroll: true,
        replace: true,
      })
    }
    const searchLater = debounce((value: string) => go({ search: value || null }), 350)
    onBeforeUnmount(() => searchLater.cancel())

    const isSelected = (row: TableRowContract) =>
      selection.value.allMatching
        ? !selection.value.except.includes(row.key)
        : selection.value.keys.includes(row.key)
    const selectedCount = computed(() =>
      selection.value.allMatching
        ? props.table.pagination.total - selection.value.except.length
        : selection.value.keys.length
    )
    const pageSelected = computed(
      () => props.table.rows.length > 0 && props.table.rows.every(isSelected)
    )

    const toggleRow = (row: TableRowContract) => {
      const current = selection.value
      if (current.allMatching) {
        const except = current.except.includes(row.key)
          ? current.except.filter((key) => key !== row.key)
          : [...current.except, row.key]
        selection.value = { ...current, except }
        return
      }
      const keys = current.keys.includes(row.key)
        ? current.keys.filter((key) => key !== row.key)
        : [...current.keys, row.key]
      selection.value = { ...current, keys }
    }
    const togglePage = () => {
      selection.value = pageSelected.value
        ? empty()
        : { ...empty(), keys: props.table.rows.map((row) => row.key) }
    }

    const runAction = (action: ActionContract, row: TableRowContract) => {
      if (action.form) {
        actionForm.open({
          title: t('confirm.action', { action: action.label, title: row.title }),
          label: action.label,
          color: action.color,
          form: action.form,
          submit: (data, callbacks) =>
            router.visit(actionUrl(action.url, row.key), {
              method: action.method,
              data: versionedData(data, row.version),
              preserveScroll: true,
              preserveState: true,
              ...actionFormVisit(callbacks, () => {
                emit('mutated')
              }),
            }),
        })
        return
      }
      const run = () =>
        router.visit(actionUrl(action.url, row.key), {
          method: action.method,
          data: versionedData({}, row.version),
          preserveScroll: true,
          preserveState: true,
          onSuccess: () => emit('mutated'),
        })
      if (
        action.requiresConfirmation ||
        action.name === 'delete' ||
        action.name === 'forceDelete'
      ) {
        confirmation.ask({
          message: rowConfirmation(action, row.title, t),
          label: action.label,
          color: isDestructive(action) ? 'red' : action.color,
          run,
        })
      } else {
        run()
      }
    }

    const runBulk = (name: string) => {
      const action = props.table.bulkActions.find((candidate) => candidate.name === name)
      if (!action || selectedCount.value === 0) return
      const payload = bulkPayload(props.table, props.tabs, selection.value)
      if (action.form) {
        actionForm.open({
          title: bulkConfirmation(action, selectedCount.value, t, props.table.records),
          label: action.label,
          color: action.color,
          form: action.form,
          submit: (data, callbacks) =>
            router.post(
              action.url,
              { ...payload, data },
              {
                preserveScroll: true,
                preserveState: true,
                ...actionFormVisit(callbacks, () => {
                  selection.value = empty()
                  emit('mutated')
                }),
              }
            ),
        })
        return
      }
      confirmation.ask({
        message: bulkConfirmation(action, selectedCount.value, t, props.table.records),
        label: action.label,
        color: isDestructive(action) ? 'red' : action.color,
        run: () =>
          action.job || selection.value.allMatching
            ? callBulkAction(action.url, payload, t)
                .then(({ job, message }) => {
                  selection.value = empty()
                  if (job) {
                    followJob(job, t)
                    return
                  }
                  if (message) kitToaster.create(flashToast(message, kitToaster))
                  router.reload({ onSuccess: () => emit('mutated') })
                })
                .catch((error: Error) => kitToaster.create(errorToast(error.message)))
            : router.post(action.url, payload, {
                preserveScroll: true,
                preserveState: true,
                onSuccess: () => {
                  selection.value = empty()
                  emit('mutated')
                },
              }),
      })
    }

    const cell = (column: TableColumnContract, row: TableRowContract) =>
      withDescription(
        column,
        row,
        renderKitComponent('columns', column.type, {
          column,
          row,
          onMutated: () => emit('mutated'),
        })
      )

    return () => {
      const table = props.table
      const label = props.label
      const pagination = table.pagination
      const hasBulk = table.bulkActions.length > 0
      const reorderable = canReorder(table)
      const mutated = () => emit('mutated')
      const hasActions = table.rows.some(
        (row) => row.url || rowActions(table, row).length || props.editInPlace || props.rowExtra
      )
      const sr = (text: string) => h('span', { class: 'kit-sr-only' }, text)
      const columns = table.columns.filter((column) => !hidden.value.includes(column.name))
      const summaries = summariesByColumn(table)
      const columnToggle =
        table.columns.length > 1
          ? h(ColumnToggle, {
              table,
              label,
              hidden: hidden.value,
              onChange: (next: string[]) => (hidden.value = next),
            })
          : null

      const toolbar =
        table.searchable || table.filters.length || columnToggle
          ? h('div', { class: 'kit-table-toolbar' }, [
              table.searchable
                ? h('div', { class: 'kit-search' }, [
                    h('label', { for: `${label}-search` }, t('table.searchIn', { label })),
                    h('input', {
                      id: `${label}-search`,
                      type: 'search',
                      value: term.value,
                      onInput: (event: Event) => {
                        term.value = (event.target as HTMLInputElement).value
                        searchLater(term.value)
                      },
                    }),
                  ])
                : null,
              table.filters.length
                ? h(FiltersPanel, { table }, () =>
                    table.filters.map((filter) =>
                      renderKitComponent('filters', filter.type, {
                        key: filter.name,
                        filter,
                        id: `${label}-filter-${filter.name}`,
                        go,
                      })
                    )
                  )
                : null,
              columnToggle,
            ])
          : null

      const bulk =
        hasBulk && selectedCount.value > 0
          ? h(
              'div',
              { 'class': 'kit-bulk', 'role': 'region', 'aria-label': t('table.bulkActions') },
              [
                h(
                  'span',
                  { 'aria-live': 'polite' },
                  selectionStatus(pagination, selection.value, selectedCount.value, t)
                ),
                pageSelected.value &&
                !selection.value.allMatching &&
                pagination.total > table.rows.length
                  ? h(
                      'button',
                      {
                        type: 'button',
                        class: 'kit-button kit-button-link',
                        onClick: () =>
                          (selection.value = { keys: [], allMatching: true, except: [] }),
                      },
                      selectAllMatchingLabel(pagination, t)
                    )
                  : null,
                ...table.bulkActions.map((action) =>
                  h(
                    'button',
                    {
                      key: action.name,
                      type: 'button',
                      class: `kit-button ${colorClass(action.color)}`,
                      onClick: () => runBulk(action.name),
                    },
                    action.label
                  )
                ),
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'kit-button',
                    onClick: () => (selection.value = empty()),
                  },
                  t('table.clearSelection')
                ),
              ]
            )
          : null

      const head = h('thead', [
        h('tr', [
          hasBulk
            ? h('th', { scope: 'col', class: 'kit-select' }, [
                selectionCheckbox(
                  t('table.selectAll'),
                  pageSelected.value ? true : table.rows.some(isSelected) ? 'indeterminate' : false,
                  togglePage
                ),
              ])
            : null,
          reorderable
            ? h('th', { scope: 'col', class: 'kit-reorder' }, [sr(t('table.reorder'))])
            : null,
          ...columns.map((column, index) =>
            h(
              'th',
              {
                'key': column.name,
                'scope': 'col',
                'class': index === 0 ? 'kit-cell-primary' : undefined,
                'aria-sort': column.sortable ? ariaSort(table, column.name) : undefined,
              },
              column.sortable
                ? [
                    h(
                      'button',
                      {
                        type: 'button',
                        class: 'kit-sort',
                        onClick: () => go(nextSort(table, column.name)),
                      },
                      [
                        column.label,
                        h(
                          'span',
                          { 'aria-hidden': 'true' },
                          table.sort?.column === column.name
                            ? table.sort.direction === 'asc'
                              ? ' ▲'
                              : ' ▼'
                            : ' ↕'
                        ),
                      ]
                    ),
                  ]
                : column.label
            )
          ),
          hasActions ? h('th', { scope: 'col' }, [sr(t('table.actions'))]) : null,
        ]),
      ])

      const rows = table.rows.map((row, rowIndex) =>
        h(
          'tr',
          {
            key: row.key,
            class: row.trashed ? 'kit-row-trashed' : undefined,
            draggable: reorderable && row.actions.includes('edit'),
            onDragstart: (event: DragEvent) =>
              event.dataTransfer?.setData('text/plain', String(rowIndex)),
            onDragover: (event: DragEvent) => {
              if (reorderable) event.preventDefault()
            },
            onDrop: (event: DragEvent) => {
              event.preventDefault()
              const from = Number(event.dataTransfer?.getData('text/plain'))
              if (Number.isInteger(from)) moveRow(table, from, rowIndex, mutated)
            },
          },
          [
            hasBulk
              ? h('td', { class: 'kit-select' }, [
                  selectionCheckbox(
                    t('table.selectRow', { title: row.title }),
                    isSelected(row),
                    () => toggleRow(row)
                  ),
                ])
              : null,
            reorderable ? reorderCell(table, row, rowIndex, t, mutated) : null,
            ...columns.map((column, index) =>
              h('td', { key: column.name, class: index === 0 ? 'kit-cell-primary' : undefined }, [
                cell(column, row),
              ])
            ),
            hasActions
              ? h('td', [
                  h('div', { class: 'kit-row-actions' }, [
                    props.editInPlace && row.actions.includes('edit')
                      ? h(
                          'button',
                          {
                            type: 'button',
                            class: 'kit-button',
                            onClick: () => emit('edit-row', row),
                          },
                          [
                            h(KitIcon, { name: 'pencil-square' }),
                            t('action.edit'),
                            sr(` ${row.title}`),
                          ]
                        )
                      : row.url
                        ? h(Link, { href: row.url, class: 'kit-button' }, () => [
                            h(KitIcon, { name: 'pencil-square' }),
                            t('action.edit'),
                            sr(` ${row.title}`),
                          ])
                        : null,
                    h(RowActions, {
                      row,
                      actions: rowActions(table, row),
                      hasEdit: (props.editInPlace && row.actions.includes('edit')) || !!row.url,
                      onRun: runAction,
                    }),
                    props.rowExtra ? props.rowExtra(row) : null,
                  ]),
                ])
              : null,
          ]
        )
      )

      const noRows =
        table.rows.length === 0
          ? [
              h('tr', [
                h(
                  'td',
                  {
                    class: 'kit-empty',
                    colspan:
                      columns.length +
                      (hasBulk ? 1 : 0) +
                      (reorderable ? 1 : 0) +
                      (hasActions ? 1 : 0),
                  },
                  isFilteredEmpty(props.table)
                    ? [
                        h('div', { class: 'kit-empty-icon' }, [
                          h(KitIcon, { name: 'magnifying-glass' }),
                        ]),
                        h(
                          'p',
                          { class: 'kit-empty-heading' },
                          t('table.noMatch', { plural: props.table.records?.plural ?? '' })
                        ),
                        h('p', { class: 'kit-empty-hint' }, t('table.noMatchHint')),
                        h(
                          'button',
                          {
                            type: 'button',
                            class: 'kit-button',
                            onClick: () => {
                              term.value = ''
                              go(clearSearchChange(props.table))
                            },
                          },
                          t('table.clearSearch')
                        ),
                      ]
                    : [
                        h('div', { class: 'kit-empty-icon' }, [
                          h(KitIcon, { name: 'rectangle-stack' }),
                        ]),
                        h('p', { class: 'kit-empty-heading' }, t('table.empty')),
                        slots.empty?.(),
                      ]
                ),
              ]),
            ]
          : []

      const pager = h('div', { class: 'kit-pagination' }, [
        h('span', { class: 'kit-pagination-status' }, recordRange(pagination, t)),
        pagination.perPageOptions.length > 1
          ? h(PerPageSelect, {
              id: `${label}-per-page`,
              value: pagination.perPage,
              options: pagination.perPageOptions,
              onChange: (perPage: number) => go({ perPage }),
            })
          : null,
        h(
          Pagination.Root,
          {
            class: 'kit-pagination-pages',
            count: pagination.total,
            pageSize: pagination.perPage,
            page: pagination.page,
            siblingCount: 1,
            translations: paginationLabels(label, t),
            onPageChange: (details: { page: number }) => go({ page: details.page }),
          },
          () => [
            h('span', { 'class': 'kit-sr-only', 'aria-live': 'polite' }, pageStatus(pagination, t)),
            h(Pagination.PrevTrigger, { class: 'kit-button' }, () => [
              h(KitIcon, { name: 'chevron-left' }),
            ]),
            h(Pagination.Context, null, {
              default: (pages: {
                pages: ({ type: 'page'; value: number } | { type: 'ellipsis' })[]
              }) =>
                pages.pages.map((page, index) =>
                  page.type === 'page'
                    ? h(
                        Pagination.Item,
                        { key: index, ...page, class: 'kit-button kit-pagination-item' },
                        () => String(page.value)
                      )
                    : h(
                        Pagination.Ellipsis,
                        { key: index, index, class: 'kit-pagination-ellipsis' },
                        () => '…'
                      )
                ),
            }),
            h(Pagination.NextTrigger, { class: 'kit-button' }, () => [
              h(KitIcon, { name: 'chevron-right' }),
            ]),
          ]
        ),
      ])

      return h('div', { class: 'kit-table' }, [
        toolbar,
        filterIndicators(
          table,
          go,
          t,
          table.persisted && !props.controlled
            ? () => router.visit(tableUrl(props.path, { reset: '1' }), { preserveScroll: true })
            : undefined
        ),
        bulk,
        h('div', { class: 'kit-table-scroll' }, [
          h('table', [
            h('caption', { class: 'kit-sr-only' }, label),
            head,
            h('tbody', [
              ...noRows,
              ...rows.flatMap((row, rowIndex) =>
                groupStarts(table, rowIndex)
                  ? [
                      h('tr', { key: `group-${rowIndex}`, class: 'kit-group-row' }, [
                        h(
                          'th',
                          {
                            scope: 'colgroup',
                            colspan:
                              columns.length +
                              (hasBulk ? 1 : 0) +
                              (reorderable ? 1 : 0) +
                              (hasActions ? 1 : 0),
                          },
                          groupTitle(table, table.rows[rowIndex])
                        ),
                      ]),
                      row,
                    ]
                  : [row]
              ),
            ]),
            summaries && table.rows.length
              ? h('tfoot', [
                  h('tr', [
                    hasBulk ? h('td', { class: 'kit-select' }) : null,
                    reorderable ? h('td') : null,
                    ...columns.map((column, index) =>
                      h(
                        'td',
                        { key: column.name, class: index === 0 ? 'kit-cell-primary' : undefined },
                        (summaries.get(column.name) ?? []).map((summary) =>
                          h('span', { class: 'kit-summary', key: summary.kind }, [
                            h('span', { class: 'kit-summary-label' }, summary.label),
                            h('span', { class: 'kit-summary-value' }, summaryText(summary)),
                          ])
                        )
                      )
                    ),
                    hasActions ? h('td') : null,
                  ]),
                ])
              : null,
          ]),
        ]),
        pager,
        confirmation.render(),
        actionForm.render(),
      ])
    }
  },
})
