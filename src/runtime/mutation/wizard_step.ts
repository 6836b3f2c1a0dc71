import { fieldLabels } from '../../i18n/validation.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import { buildForm } from '../../definitions/table/builders.ts'
import { findRecord } from '../query/scoped_query.ts'
import { declaredFields, validateWith } from '../validation/validator_cache.ts'
import { sourceOf } from '../records/resource_source.ts'
import type { KitContext } from '../../definitions/types.ts'
import { requestedStep } from '../form/form_layout.ts'
import { prepareFieldInput, validatePrepared } from '../form/field_input.ts'
import { prepareInput } from './mutation_runner.ts'

/**
 * The answer of a step check that passed.
 */
export interface StepCheck {
  ok: true
  step: number
}

/**
 * Check one step of a wizard form without writing anything: resolve the
 * record (edit), authorize, then validate only the fields of the steps up to
 * the requested one. Answers null when the request is no step check (no
 * `_kit_step`, or a form without a wizard); throws E_VALIDATION_ERROR with
 * those steps' errors.
 */
export async function checkWizardStep(
  resource: Resource<any>,
  context: KitContext,
  key: unknown | null,
  rawInput: unknown
): Promise<StepCheck | null> {
  const wizard = buildForm(resource).getWizard()
  if (!wizard) return null
  const step = requestedStep(rawInput, wizard.getSteps().length)
  if (step === null) return null

  const source = sourceOf(resource)
  const operation = key === null ? ResourceOperation.Create : ResourceOperation.Edit

  /* resolve through the scoped query, then authorize before reading input */
  const record = key === null ? null : await findRecord(source, context, key)
  await source.authorize(operation, record, context)

  /* validate the fields of the steps up to this one as the form's submit
     does: through their fields first (normalized, refused, requiredWhen;
     disabled, read-only, hidden and not visible ones left out), then the
     declared rules */
  const Rules = source.rules()
  const declared = new Set(declaredFields(Rules, operation.name, source.kind))
  const names = new Set(wizard.fieldsUpTo(step))
  const stepFields = source.formFields().filter((field) => names.has(field.name))
  const prepared = prepareFieldInput(stepFields, prepareInput(rawInput), record, context.user)
  const fields = [...names]
    .filter((name) => declared.has(name) && !prepared.excluded.has(name))
    .sort()
  await validatePrepared(stepFields, prepared, () =>
    validateWith(Rules, {
      operation: operation.name,
      source: source.kind,
      record,
      user: context.user,
      input: prepared.input,
      fields,
      labels: fieldLabels(stepFields),
    })
  )
  return { ok: true, step }
}
