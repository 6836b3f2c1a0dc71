import { errors as vineErrors } from '@vinejs/vine'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { RecordNotFoundException } from '../../support/errors.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { normalizeRecordKey, type Resource } from '../../definitions/resource/resource.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import { qualifiedKey, scopedQuery, lockRecord } from '../query/scoped_query.ts'
import { sourceOf } from '../records/resource_source.ts'
import { valueOf } from '../../definitions/resource/record_values.ts'
import { inTransaction } from './mutation_runner.ts'
import type { KitContext } from '../../definitions/types.ts'

/**
 * Most records one reorder request moves.
 */
export const MAX_REORDER_RECORDS = 100

function refuse(field: string, message: string, rule: string): never {
  throw new vineErrors.E_VALIDATION_ERROR([{ field, message, rule }])
}

/**
 * Reorder records of a table with `reorderable(column)`: the body names
 * the keys in their new order (`{ records: [3, 1, 2] }`) and, when the
 * renderer sends it, the sort the table shows (`sort`, which must be the
 * order column or nothing). The user must first be allowed to list the
 * resource (`viewAny`, checked before the body is read: 403 whatever the
 * body). The records are then read through the scoped query
 * (one key outside it: 404, nothing written), each is authorized with
 * `edit` (one refusal: 403, nothing written), then in one transaction the
 * positions they held are given back in the new order, each row locked and
 * saved with the update hooks.
 */
export async function reorderRecords<Model extends LucidModel>(
  resource: Resource<Model>,
  context: KitContext,
  body: unknown
): Promise<{ column: string; records: (string | number)[] }> {
  const operation = ResourceOperation.Edit
  const column = buildTable(resource).getReorderColumn()
  if (!column) {
    throw new RecordNotFoundException('The table is not reorderable')
  }
  const source = sourceOf(resource)

  /* 1. authorization before the body is read: the table's listing ability
     (a user who may not see the table gets 403 whatever the body); `edit`
     is then authorized on each record once the keys are known (step 4) */
  await source.authorize(ResourceOperation.ViewAny, null, context)

  const input: Record<string, unknown> =
    body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {}

  /* 2. the order column must be the table's order */
  if (
    input.sort !== undefined &&
    input.sort !== null &&
    input.sort !== '' &&
    input.sort !== column
  ) {
    refuse('sort', `Records can be reordered only when the table is sorted by ${column}`, 'sort')
  }

  /* 3. distinct keys of the source's key shape */
  const raw: unknown[] = Array.isArray(input.records) ? input.records : []
  if (!raw.length || raw.length > MAX_REORDER_RECORDS) {
    refuse('records', `Send between 1 and ${MAX_REORDER_RECORDS} records`, 'records')
  }
  const keys = raw.map((key) => normalizeRecordKey(key))
  if (
    keys.some(
      (key) => (typeof key !== 'string' && typeof key !== 'number') || !source.isValidRecordKey(key)
    )
  ) {
    refuse('records', 'Every record must be a record key', 'records')
  }
  if (new Set(keys.map(String)).size !== keys.length) {
    refuse('records', 'A record is sent twice', 'records')
  }

  /* 4. every record through the scoped query, then authorized with `edit` */
  const found = (await scopedQuery(source, context).whereIn(
    qualifiedKey(source.model),
    keys as (string | number)[]
  )) as LucidRow[]
  if (found.length !== keys.length) {
    source.logNotFound(keys, 'some records of a reorder are outside the scoped query', { context })
    throw new RecordNotFoundException()
  }
  for (const record of found) {
    await source.authorize(operation, record, context)
  }

  /* 5. one transaction: the held positions, in the new order */
  const byKey = new Map(found.map((record) => [String(record.$primaryKeyValue), record]))
  const ordered = keys.map((key) => byKey.get(String(key))!)
  const held = found.map((record) => valueOf(record, column))
  const highest = Math.max(0, ...held.filter((value): value is number => typeof value === 'number'))
  let extra = highest
  const positions = held
    .map((value) => (typeof value === 'number' ? value : ++extra))
    .sort((a, b) => a - b)

  await inTransaction(source.model, async (trx) => {
    const hookContext = source.hookContext(context, trx, operation)
    /* lock in key order, whatever the requested order, so concurrent reorders wait */
    const locked = new Map<string, LucidRow>()
    for (const record of [...found].sort((a, b) =>
      String(a.$primaryKeyValue).localeCompare(String(b.$primaryKeyValue))
    )) {
      locked.set(
        String(record.$primaryKeyValue),
        await lockRecord(source, context, record, 'without', trx)
      )
    }
    for (const [index, record] of ordered.entries()) {
      const row = locked.get(String(record.$primaryKeyValue))!
      const data = { [column]: positions[index] }
      await source.declaration.beforeUpdate(row, data, hookContext)
      const saved = await source.saveRecord(row, data, hookContext)
      await source.declaration.afterUpdate(saved, data, hookContext)
    }
  })
  return { column, records: ordered.map((record) => record.$primaryKeyValue as string | number) }
}
