import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { Field } from '../../definitions/form/fields/field.ts'
import { Repeater } from '../../definitions/form/fields/repeater.ts'
import type { MutationData } from '../../definitions/types.ts'

/**
 * The data to write with the repeaters' validated item lists turned into
 * the JSON their attribute stores (left as they are when the model's column
 * declares its own `prepare`).
 */
export function storeRepeaterValues(
  model: LucidModel,
  fields: Field[],
  data: MutationData
): MutationData {
  let stored: MutationData | null = null
  for (const field of fields) {
    if (
      !(field instanceof Repeater) ||
      field.getRelationship() ||
      !Object.hasOwn(data, field.name)
    ) {
      continue
    }
    const column = model.$getColumn(field.name)
    stored ??= { ...data }
    stored[field.name] = field.storedValue(data[field.name], typeof column?.prepare === 'function')
  }
  return stored ?? data
}
