import type { LayoutNodeContract, LayoutPanelContract } from '../../contracts/main.ts'
import type { ColumnSpan } from '../../definitions/form/layout/layout_component.ts'
import { LayoutComponent } from '../../definitions/form/layout/layout_component.ts'
import { Section } from '../../definitions/form/layout/section.ts'
import { Fieldset } from '../../definitions/form/layout/fieldset.ts'
import { Grid } from '../../definitions/form/layout/grid.ts'
import { Tab, Tabs } from '../../definitions/form/layout/tabs.ts'
import { Step, Wizard } from '../../definitions/form/layout/wizard.ts'

/**
 * Body key of a wizard's step check.
 */
export const STEP_PARAMETER = '_kit_step'

/**
 * A leaf of a layout tree: a form field or an infolist entry.
 */
interface LayoutLeaf {
  name: string
  getColumnSpan(): ColumnSpan | null
}

/**
 * Serialize a schema tree into the layout contract; leaves keep only their
 * name (their contract is in the form's `fields` or the infolist's
 * `entries`). `keep` drops leaves that are not shown (hidden entries).
 */
export function serializeLayout(
  nodes: (LayoutLeaf | LayoutComponent)[],
  keep: (name: string) => boolean = () => true
): LayoutNodeContract[] {
  const result: LayoutNodeContract[] = []
  for (const node of nodes) {
    if (!(node instanceof LayoutComponent)) {
      if (keep(node.name)) {
        result.push({ kind: 'field', name: node.name, columnSpan: node.getColumnSpan() })
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

/**
 * The step index of a wizard step check, or null when the body asks none.
 * An index that is not a whole number within the steps is clamped out: a
 * negative or malformed one is treated as the first step.
 */
export function requestedStep(body: unknown, steps: number): number | null {
  if (!body || typeof body !== 'object' || !Object.hasOwn(body, STEP_PARAMETER)) {
    return null
  }
  const raw = Number((body as Record<string, unknown>)[STEP_PARAMETER])
  if (!Number.isInteger(raw) || raw < 0) return 0
  return Math.min(raw, Math.max(steps - 1, 0))
}
