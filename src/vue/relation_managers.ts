import { defineComponent, h, nextTick, ref, useId, watch, type PropType } from 'vue'
import { router } from '@inertiajs/vue3'
import type {
  RelationGroupContract,
  RelationManagerContract,
  RelationsContract,
  TableRowContract,
} from '../renderers/types.ts'
import { actionUrl, tabKeyIndex } from '../renderers/shared.ts'
import { ResourceTable } from './resource_table.ts'
import { RemoteSelect, ResourceForm } from './resource_form.ts'
import { useConfirmation } from './dialog.ts'

type Errors = Record<string, string | string[]> | null

/**
 * One relation manager: its table, attach, detach and create. Emits
 * `changed` after a mutation and `query-change` (id, query) when its table
 * state changes.
 */
export const RelationManager = defineComponent({
  name: 'RelationManager',
  props: {
    manager: { type: Object as PropType<RelationManagerContract>, required: true },
    errors: { type: Object as PropType<Errors>, default: null },
    path: { type: String, required: true },
  },
  emits: ['changed', 'query-change'],
  setup(props, { emit }) {
    const creating = ref(false)
    const attachValue = ref<string | null>(null)
    const confirmation = useConfirmation()
    const id = useId()
    const changed = () => emit('changed', props.manager.id)
    watch(
      () => props.manager.table.rows.length,
      () => (attachValue.value = null)
    )

    const attach = (event: Event) => {
      event.preventDefault()
      const target = props.manager.attach
      if (!target || !attachValue.value) return
      router.post(
        target.url,
        { record: attachValue.value },
        {
          preserveScroll: true,
          preserveState: true,
          onSuccess: (page: { props: Record<string, unknown> }) => {
            const pageErrors = page.props.errors as Record<string, unknown> | undefined
            if (!pageErrors || !Object.keys(pageErrors).length) changed()
          },
        }
      )
    }

    const detachButton = (row: TableRowContract) => {
      const detach = props.manager.detach
      if (!detach) return null
      const label = detach.label ?? 'Detach'
      return h(
        'button',
        {
          type: 'button',
          class: 'kit-button kit-color-danger',
          onClick: () =>
            confirmation.ask({
              message: `${label} “${row.title}”?`,
              label,
              color: 'danger',
              run: () =>
                router.delete(actionUrl(detach.url, row.key), {
                  preserveScroll: true,
                  preserveState: true,
                  onSuccess: changed,
                }),
            }),
        },
        [label, h('span', { class: 'kit-sr-only' }, ` ${row.title}`)]
      )
    }

    return () => {
      const manager = props.manager
      const target = manager.attach
      const attachLabel = target?.label ?? `Attach ${manager.label.toLowerCase()}`
      const recordError = props.errors?.record
      return h('div', { class: 'kit-relation-manager' }, [
        h('div', { class: 'kit-relation-toolbar' }, [
          target
            ? h('form', { class: 'kit-attach', onSubmit: attach }, [
                h('label', { for: `${id}-attach` }, attachLabel),
                target.searchUrl
                  ? h(RemoteSelect, {
                      id: `${id}-attach`,
                      field: {
                        type: 'remote-select',
                        name: 'record',
                        label: manager.label,
                        required: true,
                        multiple: false,
                        searchUrl: target.searchUrl,
                        options: target.options,
                      },
                      value: attachValue.value,
                      onChange: (value: unknown) =>
                        (attachValue.value = value === null ? null : String(value)),
                    })
                  : h(
                      'select',
                      {
                        id: `${id}-attach`,
                        value: attachValue.value ?? '',
                        onChange: (event: Event) =>
                          (attachValue.value = (event.target as HTMLSelectElement).value || null),
                      },
                      [
                        h('option', { value: '' }, 'Choose…'),
                        ...target.options.map((option) =>
                          h(
                            'option',
                            {
                              key: option.value,
                              value: option.value,
                              selected: option.value === attachValue.value,
                            },
                            option.label
                          )
                        ),
                      ]
                    ),
                h(
                  'button',
                  {
                    type: 'submit',
                    class: 'kit-button kit-button-primary',
                    disabled: !attachValue.value,
                  },
                  'Attach'
                ),
                recordError
                  ? h(
                      'p',
                      { class: 'kit-field-error', role: 'alert' },
                      Array.isArray(recordError) ? recordError[0] : recordError
                    )
                  : null,
              ])
            : null,
          manager.createForm && !creating.value
            ? h(
                'button',
                { type: 'button', class: 'kit-button', onClick: () => (creating.value = true) },
                `Add to ${manager.label.toLowerCase()}`
              )
            : null,
        ]),
        manager.createForm && creating.value
          ? h(ResourceForm, {
              form: manager.createForm,
              errors: props.errors,
              cancellable: true,
              onCancel: () => (creating.value = false),
              onSuccess: () => {
                creating.value = false
                changed()
              },
            })
          : null,
        h(ResourceTable, {
          table: manager.table,
          path: props.path,
          label: manager.label,
          controlled: true,
          rowExtra: manager.detach ? detachButton : null,
          onQueryChange: (query: Record<string, string>) => emit('query-change', manager.id, query),
          onMutated: changed,
        }),
        confirmation.render(),
      ])
    }
  },
})

const RelationGroup = defineComponent({
  name: 'RelationGroup',
  props: {
    group: { type: Object as PropType<RelationGroupContract>, required: true },
    errors: { type: Object as PropType<Errors>, default: null },
    path: { type: String, required: true },
  },
  emits: ['changed', 'query-change'],
  setup(props, { emit }) {
    const ids = () => props.group.managers.map((manager) => manager.id)
    const active = ref<string | null>(
      props.group.active && ids().includes(props.group.active)
        ? props.group.active
        : (ids()[0] ?? null)
    )
    const tabs = ref<HTMLButtonElement[]>([])

    const select = async (index: number) => {
      const manager = props.group.managers[index]
      if (!manager) return
      active.value = manager.id
      await nextTick()
      tabs.value[index]?.focus()
    }

    return () => {
      const group = props.group
      const current =
        group.managers.find((manager) => manager.id === active.value) ?? group.managers[0]
      if (!current) return null
      const base = `kit-group-${group.id}`
      return h('section', { 'class': 'kit-relation-group', 'aria-labelledby': `${base}-label` }, [
        h('h2', { id: `${base}-label` }, group.label),
        h(
          'div',
          { 'role': 'tablist', 'aria-labelledby': `${base}-label`, 'class': 'kit-tablist' },
          group.managers.map((manager, index) => {
            const selected = manager.id === current.id
            return h(
              'button',
              {
                'key': manager.id,
                'ref': (element: unknown) => {
                  if (element) tabs.value[index] = element as HTMLButtonElement
                },
                'type': 'button',
                'role': 'tab',
                'id': `${base}-tab-${manager.id}`,
                'aria-selected': selected ? 'true' : 'false',
                'aria-controls': `${base}-panel-${manager.id}`,
                'tabindex': selected ? 0 : -1,
                'class': selected ? 'kit-tab kit-tab-active' : 'kit-tab',
                'onClick': () => (active.value = manager.id),
                'onKeydown': (event: KeyboardEvent) => {
                  const next = tabKeyIndex(event.key, index, group.managers.length)
                  if (next === null) return
                  event.preventDefault()
                  select(next)
                },
              },
              manager.label
            )
          })
        ),
        h(
          'div',
          {
            'role': 'tabpanel',
            'id': `${base}-panel-${current.id}`,
            'aria-labelledby': `${base}-tab-${current.id}`,
            'tabindex': 0,
            'class': 'kit-tabpanel',
          },
          [
            h(RelationManager, {
              key: current.id,
              manager: current,
              errors: props.errors,
              path: props.path,
              onChanged: (managerId: string) => emit('changed', managerId),
              onQueryChange: (managerId: string, query: Record<string, string>) =>
                emit('query-change', managerId, query),
            }),
          ]
        ),
      ])
    }
  },
})

/**
 * The relation managers of a record: standalone managers as sections,
 * groups as tabs (tablist, Arrow Left/Right, Home, End); only the active
 * manager of a group is rendered. Emits `changed` (manager id) after a
 * relation mutation, so the host reloads `relations`, and `query-change`
 * (manager id, query) when the host should reload server-side state.
 */
export const RelationManagers = defineComponent({
  name: 'RelationManagers',
  props: {
    relations: { type: Object as PropType<RelationsContract | null>, default: null },
    errors: { type: Object as PropType<Errors>, default: null },
    path: { type: String, required: true },
  },
  emits: ['changed', 'query-change'],
  setup(props, { emit }) {
    const forward = {
      'onChanged': (managerId: string) => emit('changed', managerId),
      'onQuery-change': (managerId: string, query: Record<string, string>) =>
        emit('query-change', managerId, query),
    }
    return () => {
      const entries = props.relations?.entries ?? []
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
                path: props.path,
                ...forward,
              })
            : h(
                'section',
                {
                  'key': `manager-${entry.id}`,
                  'class': 'kit-relation',
                  'aria-labelledby': `kit-relation-${entry.id}`,
                },
                [
                  h('h2', { id: `kit-relation-${entry.id}` }, entry.label),
                  h(RelationManager, {
                    manager: entry,
                    errors: props.errors,
                    path: props.path,
                    ...forward,
                  }),
                ]
              )
        )
      )
    }
  },
})
