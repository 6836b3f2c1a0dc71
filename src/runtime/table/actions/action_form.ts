import type { ActionFormContract, FormValue } from '../../../contracts/main.ts'
import type { BaseAction } from '../../../definitions/table/actions/base_action.ts'
import { formLeaves, isLayoutNode } from '../../../definitions/form/layout/layout_component.ts'
import { serializeLayout } from '../../form/form_layout.ts'

/**
 * The contract of an action's form (its fields with their defaults, and its
 * layout when it declares one), or undefined when the action asks nothing.
 */
export function serializeActionForm(action: BaseAction): ActionFormContract | undefined {
  const schema = action.getForm()
  if (!schema) return undefined
  const fields = formLeaves(schema)
  const values: Record<string, FormValue> = {}
  for (const field of fields) {
    values[field.name] = field.defaultValue() as FormValue
  }
  const contract: ActionFormContract = {
    columns: 1,
    fields: fields.map((field) => field.toContract()),
    values,
  }
  if (schema.some((node) => isLayoutNode(node) || node.getColumnSpan() !== null)) {
    contract.layout = serializeLayout(schema)
  }
  return contract
}
