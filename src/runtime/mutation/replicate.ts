import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { KitContext, MutationData } from '../../definitions/types.ts'
import type { ReplicateAction } from '../../definitions/table/actions/replicate_action.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { formLeaves } from '../../definitions/form/layout/layout_component.ts'
import { attachKeyOf, manyToManyClient } from '../../definitions/resource/record_values.ts'
import { isHiddenAttribute } from '../../definitions/resource/serialize_value.ts'
import { UnauthorizedOperationException } from '../../support/errors.ts'
import type { RecordSource } from '../records/record_source.ts'
import { fieldKit } from '../form/field_kit.ts'
import { createRecord } from './mutation_runner.ts'

/**
 * The values a replica starts from: the record's form values as its edit
 * form shows them, without the excluded fields, passwords, file uploads and
 * hidden attributes.
 */
async function copiedValues(
  source: RecordSource<any>,
  record: LucidRow,
  excluded: string[],
  context: KitContext
): Promise<Record<string, unknown>> {
  const kit = fieldKit(source.model, context)
  const values: Record<string, unknown> = {}
  for (const field of source.formFields()) {
    if (
      excluded.includes(field.name) ||
      field.isSecret() ||
      field.fileStorage() !== null ||
      isHiddenAttribute(source.model, field.name)
    ) {
      continue
    }
    values[field.name] = await field.currentValue(record, kit)
  }
  return values
}

/**
 * Make a replica of a record (resolved through the scoped query by the
 * caller): the action's `authorizeUsing()` and the source's `create`
 * authorization first, then the record's form values (the excluded ones
 * dropped) with the values of the action's own form fields on top, through
 * the create sequence (Rules class, hooks, audit). `beforeReplicaSaved()`
 * runs after `mutateDataBeforeCreate`; the links of `copyRelations()` are
 * copied in the same transaction. The record itself is never written.
 */
export async function replicateRecord(
  source: RecordSource<any>,
  action: ReplicateAction,
  record: LucidRow,
  context: KitContext,
  rawInput: unknown
): Promise<{ record: LucidRow; data: MutationData }> {
  /* authorize before reading input: the action's own check, then create */
  if (!(await action.allows({ record, user: context.user, http: context.http }))) {
    throw new UnauthorizedOperationException()
  }
  await source.authorize(ResourceOperation.Create, null, context)

  const settings = action.replication()
  const input =
    rawInput && typeof rawInput === 'object' && !Array.isArray(rawInput)
      ? (rawInput as Record<string, unknown>)
      : {}
  /* only the action's form fields are read from the request */
  const asked: Record<string, unknown> = {}
  for (const field of formLeaves(action.getForm() ?? [])) {
    if (Object.hasOwn(input, field.name)) asked[field.name] = input[field.name]
  }
  const body = { ...(await copiedValues(source, record, settings.excluded, context)), ...asked }

  return createRecord(source, context, body, {
    mutateData: async (data, trx) =>
      settings.beforeSave
        ? settings.beforeSave({ ...data }, { record, user: context.user, trx })
        : data,
    inTransaction: async (trx, replica) => {
      for (const name of settings.relations) {
        const relation = source.model.$getRelation(name) as { relatedKey: string }
        const related = await manyToManyClient(record, name).query().useTransaction(trx)
        const keys = related.map((row) => attachKeyOf(row, relation.relatedKey))
        if (keys.length > 0) {
          await manyToManyClient(replica, name).attach(keys, trx)
        }
      }
    },
  })
}
