import type { LayoutNodeContract, LayoutPanelContract } from '../../../contracts/main.ts'
import type { ColumnSpan } from './layout_component.ts'
import { LayoutComponent } from './layout_component.ts'
import { Section } from './section.ts'
import { Fieldset } from './fieldset.ts'
import { Grid } from './grid.ts'
import { type Tab, Tabs } from './tabs.ts'
import { Step, Wizard } from './wizard.ts'

/**
 * Body key of a wizard's step check.
 */
export const STEP_PARAMETER = '_kit_step'

/**
 * A leaf of a layout tree: a form field or an infolist entry.
 */
interface LayoutLeaf {
  name: string
  getColumnSpan?(): ColumnSpan | null
}

/**
 * Serialize a schema tree into the layout contract; leaves keep only their
 * name (their contract is in the form's `fields` or the infolist's
 * `entries`). `keep` drops leaves that are not shown (hidden entries).
 */
export function serializeLayout(
  nodes: readonly (LayoutLeaf | LayoutComponent)[],
  keep: (name: string) => boolean = () => true
): LayoutNodeContract[] {
  const result: LayoutNodeContract[] = []
  for (const node of nodes) {
    if (!(node instanceof LayoutComponent)) {
      if (keep(node.name)) {
        result.push({ kind: 'field', name: node.name, columnSpan: node.getColumnSpan?.() ?? null })
      }
      continue
    }
    const columnSpan = node.getColumnSpan()
    const children = () => serializeLayout(node.getChildren() as LayoutLeaf[], keep)
    if (node instanceof Section) {
      result.push({
        kind: 'section',
        heading: node.getHeading(),
        description: node.getDescription(),
        collapsible: node.isCollapsible(),
        collapsed: node.isCollapsed(),
        columns: node.getColumns(),
        columnSpan,
        children: children(),
      })
    } else if (node instanceof Fieldset) {
      result.push({
        kind: 'fieldset',
        legend: node.legend,
        columns: node.getColumns(),
        columnSpan,
        children: children(),
      })
    } else if (node instanceof Tabs) {
      result.push({ kind: 'tabs', columnSpan, tabs: node.getTabs().map((tab) => panel(tab, keep)) })
    } else if (node instanceof Wizard) {
      result.push({
        kind: 'wizard',
        columnSpan,
        steps: node.getSteps().map((step) => panel(step, keep)),
        stepParameter: STEP_PARAMETER,
      })
    } else if (node instanceof Grid || node instanceof LayoutComponent) {
      result.push({ kind: 'grid', columns: node.getColumns(), columnSpan, children: children() })
    }
  }
  return result
}

function panel(node: Tab | Step, keep: (name: string) => boolean): LayoutPanelContract {
  return {
    label: node.label,
    description: node instanceof Step ? node.getDescription() : null,
    columns: node.getColumns(),
    children: serializeLayout(node.getChildren() as LayoutLeaf[], keep),
  }
}
