import { defineComponent, h, ref, watch, type PropType } from 'vue'
import type {
  FormContract,
  RelationEntryContract,
  RelationGroupContract,
  RelationManagerContract,
  SelectContract,
  RelationChooserContract,
  TableRowContract,
} from '../renderers/types.ts'
import { actionUrl, httpErrorMessage } from '../renderers/shared.ts'
import { Tabs } from '@ark-ui/vue/tabs'
import { ResourceTable } from './resource_table.ts'
import { ResourceForm } from './resource_form.ts'
import { useText } from './text.ts'
import type { KitText } from '../renderers/text.ts'

type Errors = Record<string, unknown> | null
type Panel = 'create' | 'attach' | 'associate' | null

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

/**
 * One relation manager: its table (search, sort, filters, pagination from
 * its list endpoint), row and bulk actions, create, edit, attach and
 * associate forms. Emits `changed` (manager name) after a mutation.
 */
export const RelationManager = defineComponent({
  name: 'RelationManager',
  props: {
    manager: { type: Object as PropType<RelationManagerContract>, required: true },
    errors: { type: Object as PropType<Errors>, default: null },
  },
  emits: ['changed'],
  setup(props, { emit }) {
    const t = useText()
    const contract = ref<RelationManagerContract>(props.manager)
    const panel = ref<Panel>(null)
    const editing = ref<FormContract | null>(null)
    const failure = ref<string | null>(null)
    watch(
      () => props.manager,
      (manager) => (contract.value = manager)
    )
    const changed = () => {
      panel.value = null
      editing.value = null
      emit('changed', props.manager.name)
    }
    const query = async (state: Record<string, string>) => {
      const search = new URLSearchParams(state)
      if (contract.value.readOnly) search.set('readOnly', 'true')
      try {
        contract.value = await getJson<RelationManagerContract>(
          `${contract.value.urls.index}?${search}`,
          t
        )
        failure.value = null
      } catch (error) {
        failure.value = (error as Error).message
      }
    }
    const edit = async (row: TableRowContract) => {
      try {
        const answer = await getJson<{ form: FormContract }>(
          actionUrl(contract.value.urls.record, row.key),
          t
        )
        panel.value = null
        editing.value = answer.form
        failure.value = null
      } catch (error) {
        failure.value = (error as Error).message
      }
    }
    const toggle = (name: Exclude<Panel, null>) =>
      (panel.value = panel.value === name ? null : name)
    const form = (target: FormContract, bag: string, submitLabel?: string, key?: string) =>
      h(ResourceForm, {
        key,
        form: target,
        errors: props.errors,
        errorBag: `relations.${contract.value.name}.${bag}`,
        ...(submitLabel ? { submitLabel } : {}),
        cancellable: true,
        onCancel: () => {
          panel.value = null
          editing.value = null
        },
        onSuccess: changed,
      })

    return () => {
      const manager = contract.value
      const lower = manager.label.toLowerCase()
      const button = (name: Exclude<Panel, null>, text: string) =>
        h(
          'button',
          {
            'type': 'button',
            'class': 'kit-button',
            'aria-expanded': panel.value === name ? 'true' : 'false',
            'onClick': () => toggle(name),
          },
          text
        )
      return h('div', { class: 'kit-relation-manager' }, [
        h('div', { class: 'kit-relation-toolbar' }, [
          manager.form ? button('create', t('action.addTo', { label: lower })) : null,
          manager.attach ? button('attach', t('action.attachTo', { label: lower })) : null,
          manager.associate
            ? button('associate', t('action.associateWith', { label: lower }))
            : null,
        ]),
        failure.value
          ? h('p', { role: 'alert', class: 'kit-alert kit-color-danger' }, failure.value)
          : null,
        panel.value === 'create' && manager.form ? form(manager.form, 'create') : null,
        panel.value === 'attach' && manager.attach
          ? form(chooserForm(manager.attach), 'attach', t('action.attach'))
          : null,
        panel.value === 'associate' && manager.associate
          ? form(chooserForm(manager.associate), 'associate', t('action.associate'))
          : null,
        editing.value ? form(editing.value, 'edit', undefined, editing.value.action.url) : null,
        h(ResourceTable, {
          'table': manager.table,
          'path': manager.urls.index,
          'label': manager.label,
          'controlled': true,
          'editInPlace': !manager.readOnly,
          'onQuery-change': query,
          'onMutated': changed,
          'onEdit-row': edit,
        }),
      ])
    }
  },
})

const RelationGroup = defineComponent({
  name: 'RelationGroup',
  props: {
    group: { type: Object as PropType<RelationGroupContract>, required: true },
    errors: { type: Object as PropType<Errors>, default: null },
  },
  emits: ['changed'],
  setup(props, { emit }) {
    const names = () => props.group.managers.map((manager) => manager.name)
    const active = ref<string | null>(
      names().includes(props.group.defaultRelation)
        ? props.group.defaultRelation
        : (names()[0] ?? null)
    )

    return () => {
      const group = props.group
      const current =
        group.managers.find((manager) => manager.name === active.value) ?? group.managers[0]
      if (!current) return null
      const base = `kit-group-${group.id}`
      return h(
        'section',
        {
          'class': group.contained ? 'kit-relation-group kit-contained' : 'kit-relation-group',
          'aria-labelledby': `${base}-label`,
        },
        [
          h('h2', { id: `${base}-label` }, group.title),
          group.description ? h('p', { class: 'kit-description' }, group.description) : null,
          h(
            Tabs.Root,
            {
              'ids': { root: base },
              'modelValue': current.name,
              'onUpdate:modelValue': (next: string) => (active.value = next),
              'lazyMount': true,
              'unmountOnExit': true,
            },
            () => [
              h(Tabs.List, { 'aria-labelledby': `${base}-label`, 'class': 'kit-tablist' }, () =>
                group.managers.map((manager) =>
                  h(
                    Tabs.Trigger,
                    { key: manager.name, value: manager.name, class: 'kit-tab' },
                    () => manager.label
                  )
                )
              ),
              ...group.managers.map((manager) =>
                h(
                  Tabs.Content,
                  { key: manager.name, value: manager.name, class: 'kit-tabpanel' },
                  () => [
                    h(RelationManager, {
                      manager,
                      errors: props.errors,
                      onChanged: (name: string) => emit('changed', name),
                    }),
                  ]
                )
              ),
            ]
          ),
        ]
      )
    }
  },
})

/**
 * The relation managers of a record: standalone managers as sections,
 * groups as tabs (Ark UI Tabs: Arrow Left/Right, Home, End); only the
 * active manager of a group is rendered. Emits `changed` (manager name) after a
 * relation mutation, so the host reloads `relations`.
 */
export const RelationManagers = defineComponent({
  name: 'RelationManagers',
  props: {
    relations: { type: Array as PropType<RelationEntryContract[] | null>, default: null },
    errors: { type: Object as PropType<Errors>, default: null },
  },
  emits: ['changed'],
  setup(props, { emit }) {
    const onChanged = (name: string) => emit('changed', name)
    return () => {
      const entries = props.relations ?? []
      if (!entries.length) return null
      return h(
        'div',
        { class: 'kit-relations' },
        entries.map((entry) =>
          entry.type === 'group'
            ? h(RelationGroup, {
                key: `group-${entry.id}`,
                group: entry,
                errors: props.errors,
                onChanged,
              })
            : h(
                'section',
                {
                  'key': `manager-${entry.name}`,
                  'class': 'kit-relation',
                  'aria-labelledby': `kit-relation-${entry.name}`,
                },
                [
                  h('h2', { id: `kit-relation-${entry.name}` }, entry.label),
                  h(RelationManager, { manager: entry, errors: props.errors, onChanged }),
                ]
              )
        )
      )
    }
  },
})
