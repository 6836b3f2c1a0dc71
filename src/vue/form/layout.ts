import { defineComponent, h, ref, watch, type PropType, type VNode } from 'vue'
import { Tabs } from '@ark-ui/vue/tabs'
import type {
  LayoutFieldsetContract,
  LayoutGridContract,
  LayoutLeafContract,
  LayoutNodeContract,
  LayoutPanelContract,
  LayoutSectionContract,
  LayoutTabsContract,
} from '../../renderers/types.ts'
import { firstPanelWithError, spanStyle } from '../../renderers/form_layout.ts'
import { renderComponent, renderKitComponent, type LayoutNodeProps } from '../registry.ts'
import { useText } from '../text.ts'

/**
 * What a layout tree needs from the form (or the infolist) drawing it.
 */
export interface LayoutContext {
  /** Draw the field (entry) of this name */
  renderLeaf: (name: string) => VNode | null
  /** The errors shown (tabs and wizard steps open the first one holding an error) */
  errors?: Record<string, unknown>
  /** The form's buttons: a wizard shows them on its last step */
  actions?: () => VNode | null
  /** Check a wizard's steps up to this one on the server; true when they are valid */
  checkStep?: (step: number) => Promise<boolean>
}

/**
 * Nodes laid out in a grid of `columns` columns.
 */
export function layoutGrid(
  nodes: LayoutNodeContract[],
  columns: number | null,
  context: LayoutContext
): VNode {
  return h(
    'div',
    { class: 'kit-form-grid', style: { '--kit-columns': String(columns ?? 1) } },
    nodes.map((node, index) => layoutNode(node, context, index))
  )
}

function layoutNode(node: LayoutNodeContract, context: LayoutContext, index: number): VNode {
  return renderKitComponent('layout', node.kind, {
    key: node.kind === 'field' ? node.name : `${node.kind}-${index}`,
    node,
    style: spanStyle(node.columnSpan),
    context,
  })
}

/**
 * A leaf: the field (entry) the form (infolist) draws for its name.
 */
export const LayoutLeaf = renderComponent(
  ({ node, style, context }: LayoutNodeProps<LayoutLeafContract>) =>
    h('div', { class: 'kit-layout-leaf', style }, [context.renderLeaf(node.name)])
)

/**
 * A fieldset: its legend around a grid.
 */
export const LayoutFieldset = renderComponent(
  ({ node, style, context }: LayoutNodeProps<LayoutFieldsetContract>) =>
    h('fieldset', { class: 'kit-fieldset', style }, [
      h('legend', node.legend),
      layoutGrid(node.children, node.columns, context),
    ])
)

/**
 * A grid inside the grid.
 */
export const LayoutGridNode = renderComponent(
  ({ node, style, context }: LayoutNodeProps<LayoutGridContract>) =>
    h('div', { class: 'kit-layout-grid', style }, [
      layoutGrid(node.children, node.columns, context),
    ])
)

/**
 * Tabs node: its panels as tabs.
 */
export const LayoutTabsNode = renderComponent(
  ({ node, style, context }: LayoutNodeProps<LayoutTabsContract>) =>
    h(LayoutTabs, { panels: node.tabs, style, context })
)

/**
 * A layout tree: sections, fieldsets, grids, tabs and a wizard around the
 * fields. With a wizard, the form's buttons are on its last step; without
 * one, after the tree.
 */
export function formLayout(
  nodes: LayoutNodeContract[],
  columns: number,
  context: LayoutContext
): (VNode | null)[] {
  const hasWizard = nodes.some((node) => node.kind === 'wizard')
  return [layoutGrid(nodes, columns, context), hasWizard ? null : (context.actions?.() ?? null)]
}

/**
 * A section: a heading (a button when collapsible) and a description above
 * a grid.
 */
export const LayoutSection = defineComponent({
  name: 'KitLayoutSection',
  props: {
    node: { type: Object as PropType<LayoutSectionContract>, required: true },
    style: { type: Object as PropType<Record<string, string>>, default: undefined },
    context: { type: Object as PropType<LayoutContext>, required: true },
  },
  setup(props) {
    const t = useText()
    const open = ref(!props.node.collapsed)
    return () => {
      const node = props.node
      const id = `kit-section-${node.heading.replace(/\W+/g, '-').toLowerCase()}`
      return h(
        'section',
        {
          'class': 'kit-section',
          'style': props.style,
          'aria-labelledby': `${id}-heading`,
        },
        [
          h('header', { class: 'kit-section-header' }, [
            h(
              'h2',
              { id: `${id}-heading`, class: 'kit-section-heading' },
              node.collapsible
                ? [
                    h(
                      'button',
                      {
                        'type': 'button',
                        'class': 'kit-section-toggle',
                        'aria-expanded': open.value ? 'true' : 'false',
                        'aria-controls': `${id}-body`,
                        'aria-label': t(
                          open.value ? 'form.layout.collapse' : 'form.layout.expand',
                          {
                            label: node.heading,
                          }
                        ),
                        'onClick': () => (open.value = !open.value),
                      },
                      [
                        h('span', { 'aria-hidden': 'true' }, open.value ? '▾' : '▸'),
                        ` ${node.heading}`,
                      ]
                    ),
                  ]
                : node.heading
            ),
            node.description
              ? h('p', { class: 'kit-section-description' }, node.description)
              : null,
          ]),
          h('div', { id: `${id}-body`, class: 'kit-section-body', hidden: !open.value }, [
            layoutGrid(node.children, node.columns, props.context),
          ]),
        ]
      )
    }
  },
})

/**
 * Tabs (Ark UI): only the active panel is mounted.
 */
export const LayoutTabs = defineComponent({
  name: 'KitLayoutTabs',
  props: {
    panels: { type: Array as PropType<LayoutPanelContract[]>, required: true },
    style: { type: Object as PropType<Record<string, string>>, default: undefined },
    context: { type: Object as PropType<LayoutContext>, required: true },
  },
  setup(props) {
    const value = ref('0')
    /* a refused submission opens the first tab holding an error */
    watch(
      () => props.context.errors,
      (errors) => {
        const index = firstPanelWithError(props.panels, errors)
        if (index >= 0) value.value = String(index)
      }
    )
    return () =>
      h(
        Tabs.Root,
        {
          'class': 'kit-layout-tabs',
          'style': props.style,
          'modelValue': value.value,
          'onUpdate:modelValue': (next: string) => (value.value = next),
          'lazyMount': true,
          'unmountOnExit': true,
        },
        () => [
          h(Tabs.List, { class: 'kit-layout-tab-list' }, () =>
            props.panels.map((panel, index) =>
              h(
                Tabs.Trigger,
                { key: index, value: String(index), class: 'kit-layout-tab' },
                () => panel.label
              )
            )
          ),
          ...props.panels.map((panel, index) =>
            h(
              Tabs.Content,
              { key: index, value: String(index), class: 'kit-layout-tab-panel' },
              () => [layoutGrid(panel.children, panel.columns, props.context)]
            )
          ),
        ]
      )
  },
})

/**
 * A wizard: one step at a time. Next asks the server to check the steps so
 * far; the form's buttons are on the last step. A refused final submit goes
 * back to the first step holding an error.
 */
export const LayoutWizard = defineComponent({
  name: 'KitLayoutWizard',
  props: {
    node: {
      type: Object as PropType<Extract<LayoutNodeContract, { kind: 'wizard' }>>,
      required: true,
    },
    style: { type: Object as PropType<Record<string, string>>, default: undefined },
    context: { type: Object as PropType<LayoutContext>, required: true },
  },
  setup(props) {
    const t = useText()
    const step = ref(0)
    const busy = ref(false)
    watch(
      () => props.context.errors,
      (errors) => {
        const index = firstPanelWithError(props.node.steps, errors)
        if (index >= 0 && index < step.value) step.value = index
      }
    )
    const next = async () => {
      busy.value = true
      try {
        const check = props.context.checkStep
        if (!check || (await check(step.value))) {
          step.value = Math.min(step.value + 1, props.node.steps.length - 1)
        }
      } finally {
        busy.value = false
      }
    }
    return () => {
      const node = props.node
      const last = node.steps.length - 1
      const current = node.steps[step.value]
      return h('div', { class: 'kit-wizard', style: props.style }, [
        h(
          'ol',
          { 'class': 'kit-wizard-steps', 'aria-label': t('form.layout.steps') },
          node.steps.map((panel, index) =>
            h(
              'li',
              {
                'key': index,
                'class': 'kit-wizard-step',
                'aria-current': index === step.value ? 'step' : undefined,
                'data-done': index < step.value ? '' : undefined,
              },
              [
                h(
                  'span',
                  { 'class': 'kit-wizard-step-number', 'aria-hidden': 'true' },
                  String(index + 1)
                ),
                h('span', panel.label),
              ]
            )
          )
        ),
        h(
          'section',
          {
            'class': 'kit-wizard-panel',
            'aria-label': t('form.layout.step', {
              current: step.value + 1,
              total: node.steps.length,
              label: current.label,
            }),
          },
          [
            current.description
              ? h('p', { class: 'kit-section-description' }, current.description)
              : null,
            h('div', { key: step.value }, [
              layoutGrid(current.children, current.columns, props.context),
            ]),
          ]
        ),
        h('div', { class: 'kit-wizard-nav' }, [
          step.value > 0
            ? h(
                'button',
                { type: 'button', class: 'kit-button', onClick: () => (step.value -= 1) },
                t('form.layout.previous')
              )
            : null,
          step.value < last
            ? h(
                'button',
                {
                  'type': 'button',
                  'class': 'kit-button kit-button-primary',
                  'disabled': busy.value,
                  'data-loading': busy.value ? '' : undefined,
                  'onClick': next,
                },
                t('form.layout.next')
              )
            : null,
        ]),
        step.value === last ? (props.context.actions?.() ?? null) : null,
      ])
    }
  },
})
