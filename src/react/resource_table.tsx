import { Link, router } from '@inertiajs/react'
import { Fragment, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
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
import { actionFormVisit } from '../renderers/form_layout.ts'
import {
  pageStatus,
  paginationLabels,
  recordRange,
  selectAllMatchingLabel,
  selectionStatus,
  splitRowActions,
  flashToast,
} from '../renderers/behaviour.ts'
import { Menu } from '@ark-ui/react/menu'
import { Pagination } from '@ark-ui/react/pagination'
import { useConfirmation } from './dialog.tsx'
import { useActionForm } from './form/action_form.tsx'
import { KitIcon } from './icons.tsx'
import { useText } from './text.tsx'
import { summariesByColumn, summaryText } from '../renderers/values.ts'
import {
  canReorder,
  groupStarts,
  groupTitle,
  initiallyHiddenColumns,
} from '../renderers/table_columns.ts'
import { withDescription } from './table/cells.tsx'
import { renderKitComponent } from './registry.tsx'
import { FilterIndicators } from './table/indicators.tsx'
import { moveRow, ReorderCell } from './table/reorder.tsx'
import { followJob } from './jobs/job_progress.tsx'
import { callBulkAction, errorToast } from '../renderers/jobs.ts'
import { kitToaster } from './toasts.tsx'
import { KitTooltip } from './tooltip.tsx'
import { SelectionCheckbox } from './table/selection.tsx'
import { PerPageSelect } from './table/per_page.tsx'
import { FiltersPanel } from './table/filters_panel.tsx'
import { ColumnToggle } from './table/column_toggle.tsx'

export interface ResourceTableProps {
  table: TableContract
  tabs?: TabsContract | null
  /** Path of the page the table lives on (query visits go there) */
  path: string
  /** Caption of the table (read by screen readers) */
  label: string
  /**
   * Called with the new query instead of visiting the page (relation
   * managers: the host reloads its props with it)
   */
  onQueryChange?: (query: Record<string, string>) => void
  /** Called after an action or bulk action succeeded */
  onMutated?: () => void
  /** Open the edit form of a row in place (simple resources) */
  onEditRow?: (row: TableRowContract) => void
  /** More controls for a row (relation managers: detach) */
  rowExtra?: (row: TableRowContract) => ReactNode
  /** Shown in the empty state under its message (the page's create action) */
  emptyAction?: ReactNode
}

interface Selection {
  keys: (string | number)[]
  allMatching: boolean
  except: (string | number)[]
}

const EMPTY: Selection = { keys: [], allMatching: false, except: [] }

/**
 * A table: search box, filters, sortable headers, rows with their allowed
 * actions, bulk selection (page or every matching record) and pagination.
 * It shows the rows of the props only; every change goes back to the server.
 */
export function ResourceTable(props: ResourceTableProps) {
  const { table, tabs, path, label, onQueryChange, onMutated, onEditRow, rowExtra, emptyAction } =
    props
  const [term, setTerm] = useState(table.search ?? '')
  const [selection, setSelection] = useState<Selection>(EMPTY)
  const [hidden, setHidden] = useState<string[]>(() => initiallyHiddenColumns(table, label))
  const columns = table.columns.filter((column) => !hidden.includes(column.name))
  const confirmation = useConfirmation()
  const actionForm = useActionForm()
  const t = useText()
  const summaries = summariesByColumn(table)
  const rowKeys = table.rows.map((row) => String(row.key)).join(',')

  useEffect(() => setSelection(EMPTY), [rowKeys, table.search, table.pagination.page])
  useEffect(() => setTerm(table.search ?? ''), [table.search])

  const pendingChanges = useMemo(() => new PendingTableChanges(), [])
  const go = (change: TableQueryChange) => {
    /* a search still waiting for its visit goes with this change, never after it */
    searchLater.cancel()
    const query = tableQuery(
      table,
      tabs,
      withTypedSearch(table, term, pendingChanges.merge(table, change))
    )
    if (onQueryChange) return onQueryChange(query)
    router.visit(tableUrl(path, query), {
      preserveState: true,
      preserveScroll: true,
      replace: true,
    })
  }
  const goRef = useRef(go)
  goRef.current = go
  const searchLater = useMemo(
    () => debounce((value: string) => goRef.current({ search: value || null }), 350),
    []
  )
  useEffect(() => () => searchLater.cancel(), [searchLater])

  const isSelected = (row: TableRowContract) =>
    selection.allMatching ? !selection.except.includes(row.key) : selection.keys.includes(row.key)
  const selectedCount = selection.allMatching
    ? table.pagination.total - selection.except.length
    : selection.keys.length
  const pageSelected = table.rows.length > 0 && table.rows.every(isSelected)
  const pageState = pageSelected ? true : table.rows.some(isSelected) ? 'indeterminate' : false

  const toggleRow = (row: TableRowContract) => {
    setSelection((current) => {
      if (current.allMatching) {
        const except = current.except.includes(row.key)
          ? current.except.filter((key) => key !== row.key)
          : [...current.except, row.key]
        return { ...current, except }
      }
      const keys = current.keys.includes(row.key)
        ? current.keys.filter((key) => key !== row.key)
        : [...current.keys, row.key]
      return { ...current, keys }
    })
  }
  const togglePage = () => {
    setSelection(pageSelected ? EMPTY : { ...EMPTY, keys: table.rows.map((row) => row.key) })
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
              onMutated?.()
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
        onSuccess: () => onMutated?.(),
      })
    if (action.requiresConfirmation || action.name === 'delete' || action.name === 'forceDelete') {
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
    const action = table.bulkActions.find((candidate) => candidate.name === name)
    if (!action || selectedCount === 0) return
    if (action.form) {
      actionForm.open({
        title: bulkConfirmation(action, selectedCount, t, table.records),
        label: action.label,
        color: action.color,
        form: action.form,
        submit: (data, callbacks) =>
          router.post(
            action.url,
            { ...bulkPayload(table, tabs, selection), data },
            {
              preserveScroll: true,
              preserveState: true,
              ...actionFormVisit(callbacks, () => {
                setSelection(EMPTY)
                onMutated?.()
              }),
            }
          ),
      })
      return
    }
    const run = () =>
      action.job || selection.allMatching
        ? callBulkAction(action.url, bulkPayload(table, tabs, selection), t)
            .then(({ job, message }) => {
              setSelection(EMPTY)
              if (job) {
                followJob(job, t)
                return
              }
              if (message) kitToaster.create(flashToast(message, kitToaster))
              router.reload({ onSuccess: () => onMutated?.() })
            })
            .catch((error: Error) => kitToaster.create(errorToast(error.message)))
        : router.post(action.url, bulkPayload(table, tabs, selection), {
            preserveScroll: true,
            preserveState: true,
            onSuccess: () => {
              setSelection(EMPTY)
              onMutated?.()
            },
          })
    confirmation.ask({
      message: bulkConfirmation(action, selectedCount, t, table.records),
      label: action.label,
      color: isDestructive(action) ? 'red' : action.color,
      run,
    })
  }

  const hasBulk = table.bulkActions.length > 0
  const reorderable = canReorder(table)
  const hasActions = table.rows.some(
    (row) => row.url || rowActions(table, row).length || onEditRow || rowExtra
  )
  const { pagination } = table

  return (
    <div className="kit-table">
      {table.searchable || table.filters.length || table.columns.length > 1 ? (
        <div className="kit-table-toolbar">
          {table.searchable ? (
            <div className="kit-search">
              <label htmlFor={`${label}-search`}>{t('table.searchIn', { label })}</label>
              <input
                id={`${label}-search`}
                type="search"
                value={term}
                onChange={(event) => {
                  setTerm(event.target.value)
                  searchLater(event.target.value)
                }}
              />
            </div>
          ) : null}
          {table.filters.length ? (
            <FiltersPanel table={table}>
              {table.filters.map((filter) => (
                <Fragment key={filter.name}>
                  {renderKitComponent('filters', filter.type, {
                    filter,
                    id: `${label}-filter-${filter.name}`,
                    go,
                  })}
                </Fragment>
              ))}
            </FiltersPanel>
          ) : null}
          {table.columns.length > 1 ? (
            <ColumnToggle table={table} label={label} hidden={hidden} onChange={setHidden} />
          ) : null}
        </div>
      ) : null}

      <FilterIndicators
        table={table}
        go={go}
        onReset={
          table.persisted && !onQueryChange
            ? () => router.visit(tableUrl(path, { reset: '1' }), { preserveScroll: true })
            : undefined
        }
      />

      {hasBulk && selectedCount > 0 ? (
        <div className="kit-bulk" role="region" aria-label={t('table.bulkActions')}>
          <span aria-live="polite">{selectionStatus(pagination, selection, selectedCount, t)}</span>
          {pageSelected && !selection.allMatching && pagination.total > table.rows.length ? (
            <button
              type="button"
              className="kit-button kit-button-link"
              onClick={() => setSelection({ keys: [], allMatching: true, except: [] })}
            >
              {selectAllMatchingLabel(pagination, t)}
            </button>
          ) : null}
          {table.bulkActions.map((action) => (
            <button
              key={action.name}
              type="button"
              className={`kit-button ${colorClass(action.color)}`}
              onClick={() => runBulk(action.name)}
            >
              {action.label}
            </button>
          ))}
          <button type="button" className="kit-button" onClick={() => setSelection(EMPTY)}>
            {t('table.clearSelection')}
          </button>
        </div>
      ) : null}

      <div className="kit-table-scroll">
        <table>
          <caption className="kit-sr-only">{label}</caption>
          <thead>
            <tr>
              {hasBulk ? (
                <th scope="col" className="kit-select">
                  <SelectionCheckbox
                    label={t('table.selectAll')}
                    checked={pageState}
                    onToggle={togglePage}
                  />
                </th>
              ) : null}
              {reorderable ? (
                <th scope="col" className="kit-reorder">
                  <span className="kit-sr-only">{t('table.reorder')}</span>
                </th>
              ) : null}
              {columns.map((column, index) => (
                <th
                  key={column.name}
                  scope="col"
                  className={index === 0 ? 'kit-cell-primary' : undefined}
                  aria-sort={column.sortable ? ariaSort(table, column.name) : undefined}
                >
                  {column.sortable ? (
                    <button
                      type="button"
                      className="kit-sort"
                      onClick={() => go(nextSort(table, column.name))}
                    >
                      {column.label}
                      <span aria-hidden="true">
                        {table.sort?.column === column.name
                          ? table.sort.direction === 'asc'
                            ? ' ▲'
                            : ' ▼'
                          : ' ↕'}
                      </span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              ))}
              {hasActions ? (
                <th scope="col">
                  <span className="kit-sr-only">{t('table.actions')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {table.rows.length === 0 ? (
              <tr>
                <td
                  className="kit-empty"
                  colSpan={
                    columns.length +
                    (hasBulk ? 1 : 0) +
                    (reorderable ? 1 : 0) +
                    (hasActions ? 1 : 0)
                  }
                >
                  {isFilteredEmpty(table) ? (
                    <>
                      <div className="kit-empty-icon">
                        <KitIcon name="magnifying-glass" />
                      </div>
                      <p className="kit-empty-heading">
                        {t('table.noMatch', { plural: table.records?.plural ?? '' })}
                      </p>
                      <p className="kit-empty-hint">{t('table.noMatchHint')}</p>
                      <button
                        type="button"
                        className="kit-button"
                        onClick={() => {
                          setTerm('')
                          go(clearSearchChange(table))
                        }}
                      >
                        {t('table.clearSearch')}
                      </button>
                    </>
                  ) : (
                    <>
                      <div className="kit-empty-icon">
                        <KitIcon name="rectangle-stack" />
                      </div>
                      <p className="kit-empty-heading">{t('table.empty')}</p>
                      {emptyAction}
                    </>
                  )}
                </td>
              </tr>
            ) : null}
            {table.rows.flatMap((row, rowIndex) => [
              groupStarts(table, rowIndex) ? (
                <tr key={`group-${rowIndex}`} className="kit-group-row">
                  <th
                    scope="colgroup"
                    colSpan={
                      columns.length +
                      (hasBulk ? 1 : 0) +
                      (reorderable ? 1 : 0) +
                      (hasActions ? 1 : 0)
                    }
                  >
                    {groupTitle(table, row)}
                  </th>
                </tr>
              ) : null,
              <tr
                key={row.key}
                className={row.trashed ? 'kit-row-trashed' : undefined}
                draggable={reorderable && row.actions.includes('edit')}
                onDragStart={(event) => event.dataTransfer.setData('text/plain', String(rowIndex))}
                onDragOver={(event) => {
                  if (reorderable) event.preventDefault()
                }}
                onDrop={(event) => {
                  event.preventDefault()
                  const from = Number(event.dataTransfer.getData('text/plain'))
                  if (Number.isInteger(from)) moveRow(table, from, rowIndex, onMutated)
                }}
              >
                {reorderable ? (
                  <ReorderCell table={table} row={row} index={rowIndex} onMutated={onMutated} />
                ) : null}
                {hasBulk ? (
                  <td className="kit-select">
                    <SelectionCheckbox
                      label={t('table.selectRow', { title: row.title })}
                      checked={isSelected(row)}
                      onToggle={() => toggleRow(row)}
                    />
                  </td>
                ) : null}
                {columns.map((column, index) => (
                  <td key={column.name} className={index === 0 ? 'kit-cell-primary' : undefined}>
                    <Cell column={column} row={row} onMutated={onMutated} />
                  </td>
                ))}
                {hasActions ? (
                  <td>
                    <div className="kit-row-actions">
                      {onEditRow && row.actions.includes('edit') ? (
                        <button type="button" className="kit-button" onClick={() => onEditRow(row)}>
                          <KitIcon name="pencil-square" />
                          {t('action.edit')}
                          <span className="kit-sr-only"> {row.title}</span>
                        </button>
                      ) : row.url ? (
                        <Link href={row.url} className="kit-button">
                          <KitIcon name="pencil-square" />
                          {t('action.edit')}
                          <span className="kit-sr-only"> {row.title}</span>
                        </Link>
                      ) : null}
                      <RowActions
                        row={row}
                        actions={rowActions(table, row)}
                        hasEdit={(!!onEditRow && row.actions.includes('edit')) || !!row.url}
                        onRun={runAction}
                      />
                      {rowExtra?.(row)}
                    </div>
                  </td>
                ) : null}
              </tr>,
            ])}
          </tbody>
          {summaries && table.rows.length ? (
            <tfoot>
              <tr>
                {hasBulk ? <td className="kit-select" /> : null}
                {reorderable ? <td /> : null}
                {columns.map((column, index) => (
                  <td key={column.name} className={index === 0 ? 'kit-cell-primary' : undefined}>
                    {summaries.get(column.name)?.map((summary) => (
                      <span className="kit-summary" key={summary.kind}>
                        <span className="kit-summary-label">{summary.label}</span>
                        <span className="kit-summary-value">{summaryText(summary)}</span>
                      </span>
                    ))}
                  </td>
                ))}
                {hasActions ? <td /> : null}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>

      <div className="kit-pagination">
        <span className="kit-pagination-status">{recordRange(pagination, t)}</span>
        {pagination.perPageOptions.length > 1 ? (
          <PerPageSelect
            id={`${label}-per-page`}
            value={pagination.perPage}
            options={pagination.perPageOptions}
            onChange={(perPage) => go({ perPage })}
          />
        ) : null}
        <Pagination.Root
          className="kit-pagination-pages"
          count={pagination.total}
          pageSize={pagination.perPage}
          page={pagination.page}
          siblingCount={1}
          translations={paginationLabels(label, t)}
          onPageChange={(details) => go({ page: details.page })}
        >
          <span className="kit-sr-only" aria-live="polite">
            {pageStatus(pagination, t)}
          </span>
          <Pagination.PrevTrigger className="kit-button">
            <KitIcon name="chevron-left" />
          </Pagination.PrevTrigger>
          <Pagination.Context>
            {(pages) =>
              pages.pages.map((page, index) =>
                page.type === 'page' ? (
                  <Pagination.Item key={index} {...page} className="kit-button kit-pagination-item">
                    {page.value}
                  </Pagination.Item>
                ) : (
                  <Pagination.Ellipsis
                    key={index}
                    index={index}
                    className="kit-pagination-ellipsis"
                  >
                    …
                  </Pagination.Ellipsis>
                )
              )
            }
          </Pagination.Context>
          <Pagination.NextTrigger className="kit-button">
            <KitIcon name="chevron-right" />
          </Pagination.NextTrigger>
        </Pagination.Root>
      </div>
      {confirmation.element}
      {actionForm.element}
    </div>
  )
}

/**
 * One cell: text, badge, or an input for editable columns.
 */
function Cell({
  column,
  row,
  onMutated,
}: {
  column: TableColumnContract
  row: TableRowContract
  onMutated?: () => void
}) {
  return withDescription(
    column,
    row,
    renderKitComponent('columns', column.type, { column, row, onMutated })
  )
}

/**
 * The icon of a row action, when its name has one.
 */
function ActionIcon({ name }: { name: string }) {
  const icon = actionIconName(name)
  return icon ? <KitIcon name={icon} /> : null
}

/**
 * A row's actions: links for the actions with their own page, buttons for
 * the others; past three, the rest in a "More actions" menu (Ark UI Menu).
 */
function RowActions({
  row,
  actions,
  hasEdit,
  onRun,
}: {
  row: TableRowContract
  actions: ActionContract[]
  hasEdit: boolean
  onRun: (action: ActionContract, row: TableRowContract) => void
}) {
  const t = useText()
  const { inline, more } = splitRowActions(actions, hasEdit)
  const menuId = useId()
  const moreLabel = t('table.moreActionsFor', { title: row.title })
  return (
    <>
      {inline.map((action) =>
        action.method === 'get' && !action.hosted ? (
          <a key={action.name} href={actionUrl(action.url, row.key)} className="kit-button">
            <ActionIcon name={action.name} />
            {action.label}
            <span className="kit-sr-only"> {row.title}</span>
          </a>
        ) : (
          <button
            key={action.name}
            type="button"
            className={`kit-button ${colorClass(action.color)}`}
            onClick={() => onRun(action, row)}
          >
            <ActionIcon name={action.name} />
            {action.label}
            <span className="kit-sr-only"> {row.title}</span>
          </button>
        )
      )}
      {more.length ? (
        <Menu.Root
          ids={{ trigger: menuId }}
          positioning={{ placement: 'bottom-end', strategy: 'fixed' }}
          onSelect={(details) => {
            const action = more.find((candidate) => candidate.name === details.value)
            if (action && !(action.method === 'get' && !action.hosted)) onRun(action, row)
          }}
        >
          <KitTooltip label={moreLabel} triggerId={menuId}>
            <Menu.Trigger className="kit-button kit-row-menu-trigger" aria-label={moreLabel}>
              <KitIcon name="ellipsis-vertical" />
            </Menu.Trigger>
          </KitTooltip>
          <Menu.Positioner>
            <Menu.Content className="kit-menu">
              {more.map((action) =>
                action.method === 'get' && !action.hosted ? (
                  <Menu.Item key={action.name} value={action.name} asChild>
                    <a href={actionUrl(action.url, row.key)} className="kit-menu-item">
                      <ActionIcon name={action.name} />
                      {action.label}
                    </a>
                  </Menu.Item>
                ) : (
                  <Menu.Item
                    key={action.name}
                    value={action.name}
                    className={`kit-menu-item ${colorClass(action.color)}`}
                  >
                    <ActionIcon name={action.name} />
                    {action.label}
                  </Menu.Item>
                )
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Menu.Root>
      ) : null}
    </>
  )
}
