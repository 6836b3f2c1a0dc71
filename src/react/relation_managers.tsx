import { router } from '@inertiajs/react'
import { useEffect, useId, useRef, useState } from 'react'
import type {
  OptionContract,
  RelationGroupContract,
  RelationManagerContract,
  RelationsContract,
} from '../renderers/types.ts'
import { actionUrl, tabKeyIndex } from '../renderers/shared.ts'
import { ResourceTable } from './resource_table.tsx'
import { RemoteSelect, ResourceForm } from './resource_form.tsx'
import { useConfirmation } from './dialog.tsx'

export interface RelationManagersProps {
  relations?: RelationsContract | null
  errors?: Record<string, string | string[]> | null
  /** Path of the page (used when no `onQueryChange` is given) */
  path: string
  /** A relation mutation succeeded: the host reloads `relations` */
  onChanged?: (managerId: string) => void
  /** A manager's table state changed: the host reloads with this query */
  onQueryChange?: (managerId: string, query: Record<string, string>) => void
}

/**
 * The relation managers of a record: standalone managers as sections,
 * groups as tabs (tablist, Arrow Left/Right, Home, End); only the active
 * manager of a group is rendered.
 */
export function RelationManagers(props: RelationManagersProps) {
  const entries = props.relations?.entries ?? []
  if (!entries.length) return null
  return (
    <div className="kit-relations">
      {entries.map((entry) =>
        entry.type === 'group' ? (
          <RelationGroup key={`group-${entry.id}`} group={entry} {...props} />
        ) : (
          <section
            key={`manager-${entry.id}`}
            className="kit-relation"
            aria-labelledby={`kit-relation-${entry.id}`}
          >
            <h2 id={`kit-relation-${entry.id}`}>{entry.label}</h2>
            <RelationManager manager={entry} {...props} />
          </section>
        )
      )}
    </div>
  )
}

function RelationGroup({
  group,
  ...props
}: RelationManagersProps & { group: RelationGroupContract }) {
  const ids = group.managers.map((manager) => manager.id)
  const initial = group.active && ids.includes(group.active) ? group.active : (ids[0] ?? null)
  const [active, setActive] = useState<string | null>(initial)
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const base = `kit-group-${group.id}`
  const current = group.managers.find((manager) => manager.id === active) ?? group.managers[0]
  if (!current) return null

  const select = (index: number) => {
    const manager = group.managers[index]
    if (!manager) return
    setActive(manager.id)
    tabs.current[index]?.focus()
  }

  return (
    <section className="kit-relation-group" aria-labelledby={`${base}-label`}>
      <h2 id={`${base}-label`}>{group.label}</h2>
      <div role="tablist" aria-labelledby={`${base}-label`} className="kit-tablist">
        {group.managers.map((manager, index) => {
          const selected = manager.id === current.id
          return (
            <button
              key={manager.id}
              ref={(element) => {
                tabs.current[index] = element
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${manager.id}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${manager.id}`}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'kit-tab kit-tab-active' : 'kit-tab'}
              onClick={() => setActive(manager.id)}
              onKeyDown={(event) => {
                const next = tabKeyIndex(event.key, index, group.managers.length)
                if (next === null) return
                event.preventDefault()
                select(next)
              }}
            >
              {manager.label}
            </button>
          )
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${current.id}`}
        aria-labelledby={`${base}-tab-${current.id}`}
        tabIndex={0}
        className="kit-tabpanel"
      >
        <RelationManager key={current.id} manager={current} {...props} />
      </div>
    </section>
  )
}

/**
 * One relation manager: its table (search, sort, pagination through
 * `onQueryChange`), its row actions, attach, detach and create.
 */
export function RelationManager({
  manager,
  errors,
  path,
  onChanged,
  onQueryChange,
}: RelationManagersProps & { manager: RelationManagerContract }) {
  const [creating, setCreating] = useState(false)
  const [attachValue, setAttachValue] = useState<string | null>(null)
  const confirmation = useConfirmation()
  const id = useId()
  const changed = () => onChanged?.(manager.id)

  useEffect(() => setAttachValue(null), [manager.table.rows.length])

  const attach = (event: React.FormEvent) => {
    event.preventDefault()
    if (!manager.attach || !attachValue) return
    router.post(
      manager.attach.url,
      { record: attachValue },
      {
        preserveScroll: true,
        preserveState: true,
        onSuccess: (page: { props: Record<string, unknown> }) => {
          const pageErrors = (page.props as { errors?: Record<string, unknown> }).errors
          if (!pageErrors || !Object.keys(pageErrors).length) changed()
        },
      }
    )
  }

  const detach = manager.detach
  return (
    <div className="kit-relation-manager">
      <div className="kit-relation-toolbar">
        {manager.attach ? (
          <form className="kit-attach" onSubmit={attach}>
            {manager.attach.searchUrl ? (
              <>
                <label htmlFor={`${id}-attach`}>
                  {manager.attach.label ?? `Attach ${manager.label.toLowerCase()}`}
                </label>
                <RemoteSelect
                  id={`${id}-attach`}
                  field={{
                    type: 'remote-select',
                    name: 'record',
                    label: manager.label,
                    required: true,
                    multiple: false,
                    searchUrl: manager.attach.searchUrl,
                    options: manager.attach.options,
                  }}
                  value={attachValue}
                  onChange={(value) => setAttachValue(value === null ? null : String(value))}
                />
              </>
            ) : (
              <>
                <label htmlFor={`${id}-attach`}>
                  {manager.attach.label ?? `Attach ${manager.label.toLowerCase()}`}
                </label>
                <select
                  id={`${id}-attach`}
                  value={attachValue ?? ''}
                  onChange={(event) => setAttachValue(event.target.value || null)}
                >
                  <option value="">Choose…</option>
                  {manager.attach.options.map((option: OptionContract) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </>
            )}
            <button type="submit" className="kit-button kit-button-primary" disabled={!attachValue}>
              Attach
            </button>
            {errors?.record ? (
              <p className="kit-field-error" role="alert">
                {Array.isArray(errors.record) ? errors.record[0] : errors.record}
              </p>
            ) : null}
          </form>
        ) : null}
        {manager.createForm && !creating ? (
          <button type="button" className="kit-button" onClick={() => setCreating(true)}>
            Add to {manager.label.toLowerCase()}
          </button>
        ) : null}
      </div>
      {manager.createForm && creating ? (
        <ResourceForm
          form={manager.createForm}
          errors={errors}
          onCancel={() => setCreating(false)}
          onSuccess={() => {
            setCreating(false)
            changed()
          }}
        />
      ) : null}
      <ResourceTable
        table={manager.table}
        path={path}
        label={manager.label}
        onQueryChange={onQueryChange ? (query) => onQueryChange(manager.id, query) : undefined}
        onMutated={changed}
        rowExtra={
          detach
            ? (row) => (
                <button
                  type="button"
                  className="kit-button kit-color-danger"
                  onClick={() =>
                    confirmation.ask({
                      message: `${detach.label ?? 'Detach'} “${row.title}”?`,
                      label: detach.label ?? 'Detach',
                      color: 'danger',
                      run: () =>
                        router.delete(actionUrl(detach.url, row.key), {
                          preserveScroll: true,
                          preserveState: true,
                          onSuccess: changed,
                        }),
                    })
                  }
                >
                  {detach.label ?? 'Detach'}
                  <span className="kit-sr-only"> {row.title}</span>
                </button>
              )
            : undefined
        }
      />
      {confirmation.element}
    </div>
  )
}
