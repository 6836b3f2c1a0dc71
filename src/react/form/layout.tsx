import { useEffect, useState, type ReactNode } from 'react'
import { Tabs } from '@ark-ui/react/tabs'
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
import { useText } from '../text.tsx'
import { renderKitComponent, type LayoutNodeProps } from '../registry.tsx'

/**
 * What a layout tree needs from the form (or the infolist) drawing it.
 */
export interface LayoutContext {
  /** Draw the field (entry) of this name */
  renderLeaf: (name: string) => ReactNode
  /** The errors shown (tabs and wizard steps open the first one holding an error) */
  errors?: Record<string, unknown>
  /** The form's buttons: a wizard shows them on its last step */
  actions?: ReactNode
  /** Check a wizard's steps up to this one on the server; true when they are valid */
  checkStep?: (step: number) => Promise<boolean>
}

/**
 * A layout tree: sections, fieldsets, grids, tabs and a wizard around the
 * fields. With a wizard, the form's buttons are on its last step; without
 * one, after the tree.
 */
export function FormLayout({
  nodes,
  columns,
  context,
}: {
  nodes: LayoutNodeContract[]
  columns: number
  context: LayoutContext
}) {
  const hasWizard = nodes.some((node) => node.kind === 'wizard')
  return (
    <>
      <LayoutGrid nodes={nodes} columns={columns} context={context} />
      {hasWizard ? null : context.actions}
    </>
  )
}

/**
 * Nodes laid out in a grid of `columns` columns.
 */
export function LayoutGrid({
  nodes,
  columns,
  context,
}: {
  nodes: LayoutNodeContract[]
  columns: number | null
  context: LayoutContext
}) {
  return (
    <div className="kit-form-grid" style={{ '--kit-columns': columns ?? 1 } as React.CSSProperties}>
      {nodes.map((node, index) => (
        <LayoutNode
          key={node.kind === 'field' ? node.name : `${node.kind}-${index}`}
          node={node}
          context={context}
        />
      ))}
    </div>
  )
}

function LayoutNode({ node, context }: { node: LayoutNodeContract; context: LayoutContext }) {
  return renderKitComponent('layout', node.kind, {
    node,
    style: spanStyle(node.columnSpan),
    context,
  })
}

/**
 * A leaf: the field (entry) the form (infolist) draws for its name.
 */
export function LayoutLeaf({ node, style, context }: LayoutNodeProps<LayoutLeafContract>) {
  return (
    <div className="kit-layout-leaf" style={style}>
      {context.renderLeaf(node.name)}
    </div>
  )
}

/**
 * A fieldset: its legend around a grid.
 */
export function LayoutFieldset({ node, style, context }: LayoutNodeProps<LayoutFieldsetContract>) {
  return (
    <fieldset className="kit-fieldset" style={style}>
      <legend>{node.legend}</legend>
      <LayoutGrid nodes={node.children} columns={node.columns} context={context} />
    </fieldset>
  )
}

/**
 * A grid inside the grid.
 */
export function LayoutGridNode({ node, style, context }: LayoutNodeProps<LayoutGridContract>) {
  return (
    <div className="kit-layout-grid" style={style}>
      <LayoutGrid nodes={node.children} columns={node.columns} context={context} />
    </div>
  )
}

/**
 * Tabs node: its panels as tabs.
 */
export function LayoutTabsNode({ node, style, context }: LayoutNodeProps<LayoutTabsContract>) {
  return <LayoutTabs panels={node.tabs} style={style} context={context} />
}

/**
 * A section: a heading (a button when collapsible) and a description above
 * a grid.
 */
export function LayoutSection({ node, style, context }: LayoutNodeProps<LayoutSectionContract>) {
  const t = useText()
  const [open, setOpen] = useState(!node.collapsed)
  const id = `kit-section-${node.heading.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <section className="kit-section" style={style} aria-labelledby={`${id}-heading`}>
      <header className="kit-section-header">
        <h2 id={`${id}-heading`} className="kit-section-heading">
          {node.collapsible ? (
            <button
              type="button"
              className="kit-section-toggle"
              aria-expanded={open}
              aria-controls={`${id}-body`}
              aria-label={t(open ? 'form.layout.collapse' : 'form.layout.expand', {
                label: node.heading,
              })}
              onClick={() => setOpen(!open)}
            >
              <span aria-hidden="true">{open ? '▾' : '▸'}</span> {node.heading}
            </button>
          ) : (
            node.heading
          )}
        </h2>
        {node.description ? <p className="kit-section-description">{node.description}</p> : null}
      </header>
      <div id={`${id}-body`} className="kit-section-body" hidden={!open}>
        <LayoutGrid nodes={node.children} columns={node.columns} context={context} />
      </div>
    </section>
  )
}

/**
 * Tabs (Ark UI): only the active panel is mounted.
 */
export function LayoutTabs({
  panels,
  style,
  context,
}: {
  panels: LayoutPanelContract[]
  style?: Record<string, string>
  context: LayoutContext
}) {
  const [value, setValue] = useState('0')
  /* a refused submission opens the first tab holding an error */
  useEffect(() => {
    const index = firstPanelWithError(panels, context.errors)
    if (index >= 0) setValue(String(index))
  }, [context.errors])
  return (
    <Tabs.Root
      className="kit-layout-tabs"
      style={style}
      value={value}
      onValueChange={(details) => setValue(details.value)}
      lazyMount
      unmountOnExit
    >
      <Tabs.List className="kit-layout-tab-list">
        {panels.map((panel, index) => (
          <Tabs.Trigger key={index} value={String(index)} className="kit-layout-tab">
            {panel.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {panels.map((panel, index) => (
        <Tabs.Content key={index} value={String(index)} className="kit-layout-tab-panel">
          <LayoutGrid nodes={panel.children} columns={panel.columns} context={context} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}
