import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { FormContract } from '../contracts/main.ts'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { isHiddenAttribute, serializeValue } from '../resource/serialize_value.ts'
import type { Form } from './form.ts'

/**
 * Serialize a form into the `form` contract: its fields, the current values
 * of those fields only (a hidden attribute's value is never sent), and where
 * the renderer submits it.
 */
export function serializeForm(
  resource: { model: LucidModel },
  form: Form,
  operation: 'create' | 'edit',
  record: LucidRow | null,
  action: FormContract['action']
): FormContract {
  const values: FormContract['values'] = {}
  for (const field of form.getFields()) {
    if (!record) {
      values[field.name] = field.defaultValue()
    } else if (isHiddenAttribute(resource.model, field.name)) {
      values[field.name] = null
    } else {
      const raw = (record as any)[field.name]
      const value = field.formValue(raw)
      values[field.name] = value === undefined ? serializeValue(raw) : value
    }
  }

  return {
    operation,
    columns: form.getColumns(),
    fields: form.getFields().map((field) => field.toContract()),
    values,
    action,
  }
}
