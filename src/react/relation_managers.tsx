import { useEffect, useState } from 'react'
import { Tabs } from '@ark-ui/react/tabs'
import type {
  FormContract,
  RelationChooserContract,
  RelationEntryContract,
  RelationGroupContract,
  RelationManagerContract,
  SelectContract,
  TableRowContract,
} from '../renderers/types.ts'
import { actionUrl, httpErrorMessage } from '../renderers/shared.ts'
import { ResourceTable } from './resource_table.tsx'
import { ResourceForm } from './resource_form.tsx'
import { useText } from './text.tsx'
import type { KitText } from '../renderers/text.ts'

export interface RelationManagersProps {
  relations?: RelationEntryContract[] | null
  errors?: Record<string, unknown> | null
  /** A relation mutation succeeded: the host reloads `relations` */
  onChanged?: (manager: string) => void
}

/**
 * The relation managers of a record: standalone managers as sections,
 * groups as tabs (Ark UI Tabs: Arrow Left/Right, Home, End); only the
 * active manager of a group is rendered.
 */
export function RelationManagers(props: RelationManagersProps) {
  const entries = props.relations ?? []
  if (!entries.length) return null
  return (
    <div className="kit-relations">
      {entries.map((entry) =>
        entry.type === 'group' ? (
          <RelationGroup key={`group-${entry.id}`} group={entry} {...props} />
        ) : (
          <section
            key={`manager-${entry.name}`}
            className="kit-relation"
            aria-labelledby={`kit-relation-${entry.name}`}
          >
            <h2 id={`kit-relation-${entry.name}`}>{entry.label}</h2>
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
  const names = group.managers.map((manager) => manager.name)
  const initial = names.includes(group.defaultRelation) ? group.defaultRelation : (names[0] ?? null)
  const [active, setActive] = useState<string | null>(initial)
  const base = `kit-group-${group.id}`
  const current = group.managers.find((manager) => manager.name === active) ?? group.managers[0]
  if (!current) return null

  return (
    <section
      className={group.contained ? 'kit-relation-group kit-contained' : 'kit-relation-group'}
      aria-labelledby={`${base}-label`}
    >
      <h2 id={`${base}-label`}>{group.title}</h2>
      {group.description ? <p className="kit-description">{group.description}</p> : null}
      <Tabs.Root
        ids={{ root: base }}
        value={current.name}
        onValueChange={(details) => setActive(details.value)}
        lazyMount
        unmountOnExit
      >
        <Tabs.List aria-labelledby={`${base}-label`} className="kit-tablist">
          {group.managers.map((manager) => (
            <Tabs.Trigger key={manager.name} value={manager.name} className="kit-tab">
              {manager.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {group.managers.map((manager) => (
          <Tabs.Content key={manager.name} value={manager.name} className="kit-tabpanel">
            <RelationManager manager={manager} {...props} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  )
}

/**
 * The form of a relation chooser (attach or associate): a remote select
 * named `record`, then the chooser's own fields (pivot attributes).
 */
export function chooserForm(chooser: RelationChooserContract): FormContract {
  const record: SelectContract = {
    type: 'select',
    name: 'record',
    label: chooser.label,
    required: true,
    options: [],
    multiple: false,
    searchable: true,
    preload: false,
    searchDebounce: 300,
    search: {
      url: chooser.optionsUrl,
      fieldParameter: '',
      searchParameter: 'search',
      minLength: 2,
    },
    relationship: null,
    createOption: null,
    editOption: null,
  }
  return {
    operation: 'create',
    columns: chooser.columns,
    fields: [record, ...chooser.fields],
    values: {},
    action: { url: chooser.url, method: 'post' },
  }
}

/**
 * GET a relation endpoint as JSON.
 */
async function getJson<T>(url: string, t: KitText): Promise<T> {
  const response = await fetch(url, {
    headers: { 'accept': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    credentials: 'same-origin',
  })
  if (!response.ok) {
    const body = await response.json().catch(() => null)
    throw new Error(httpErrorMessage(response.status, body, t))
  }
  return (await response.json()) as T
}

type Panel = 'create' | 'attach' | 'associate' | null

/**
 * One relation manager: its table (search, sort, filters, pagination from
 * its list endpoint), row and bulk actions, create, edit, attach and
 * associate forms.
 */
export function RelationManager({
  manager,
  errors,
  onChanged,
}: RelationManagersProps & { manager: RelationManagerContract }) {
  const t = useText()
  const [contract, setContract] = useState(manager)
  const [panel, setPanel] = useState<Panel>(null)
  const [editing, setEditing] = useState<FormContract | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const changed = () => {
    setPanel(null)
    setEditing(null)
    onChanged?.(manager.name)
  }

  useEffect(() => setContract(manager), [manager])

  const query = async (state: Record<string, string>) => {
    const search = new URLSearchParams(state)
    if (contract.readOnly) search.set('readOnly', 'true')
    try {
      setContract(await getJson<RelationManagerContract>(`${contract.urls.index}?${search}`, t))
      setFailure(null)
    } catch (error) {
      setFailure((error as Error).message)
    }
  }

  const edit = async (row: TableRowContract) => {
    try {
      const answer = await getJson<{ form: FormContract }>(
        actionUrl(contract.urls.record, row.key),
        t
      )
      setPanel(null)
      setEditing(answer.form)
      setFailure(null)
    } catch (error) {
      setFailure((error as Error).message)
    }
  }

  const toggle = (name: Exclude<Panel, null>) => setPanel((open) => (open === name ? null : name))
  const lower = contract.label.toLowerCase()

  return (
    <div className="kit-relation-manager">
      <div className="kit-relation-toolbar">
        {contract.form ? (
          <button
            type="button"
            className="kit-button"
            aria-expanded={panel === 'create'}
            onClick={() => toggle('create')}
          >
            {t('action.addTo', { label: lower })}
          </button>
        ) : null}
        {contract.attach ? (
          <button
            type="button"
            className="kit-button"
            aria-expanded={panel === 'attach'}
            onClick={() => toggle('attach')}
          >
            {t('action.attachTo', { label: lower })}
          </button>
        ) : null}
        {contract.associate ? (
          <button
            type="button"
            className="kit-button"
            aria-expanded={panel === 'associate'}
            onClick={() => toggle('associate')}
          >
            {t('action.associateWith', { label: lower })}
          </button>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="kit-alert kit-color-danger">
          {failure}
        </p>
      ) : null}
      {panel === 'create' && contract.form ? (
        <ResourceForm
          form={contract.form}
          errors={errors}
          errorBag={`relations.${manager.name}.create`}
          onCancel={() => setPanel(null)}
          onSuccess={changed}
        />
      ) : null}
      {panel === 'attach' && contract.attach ? (
        <ResourceForm
          form={chooserForm(contract.attach)}
          errors={errors}
          errorBag={`relations.${manager.name}.attach`}
          submitLabel={t('action.attach')}
          onCancel={() => setPanel(null)}
          onSuccess={changed}
        />
      ) : null}
      {panel === 'associate' && contract.associate ? (
        <ResourceForm
          form={chooserForm(contract.associate)}
          errors={errors}
          errorBag={`relations.${manager.name}.associate`}
          submitLabel={t('action.associate')}
          onCancel={() => setPanel(null)}
          onSuccess={changed}
        />
      ) : null}
      {editing ? (
        <ResourceForm
          key={editing.action.url}
          form={editing}
          errors={errors}
          errorBag={`relations.${manager.name}.edit`}
          onCancel={() => setEditing(null)}
          onSuccess={changed}
        />
      ) : null}
      <ResourceTable
        table={contract.table}
        path={contract.urls.index}
        label={contract.label}
        onQueryChange={query}
        onMutated={changed}
        onEditRow={contract.readOnly ? undefined : edit}
      />
    </div>
  )
}
