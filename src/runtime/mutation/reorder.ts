import { errors as vineErrors } from '@vinejs/vine'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { RecordNotFoundException } from '../../support/errors.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { normalizeRecordKey, type Resource } from '../../definitions/resource/resource.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import { qualifiedKey, scopedQuery, lockRecord } from '../query/scoped_query.ts'
import { sourceOf } from '../records/resource_source.ts'
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
 * order column or nothing). The records are read through the scoped query
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
  const input = body && typeof body === 'object' && !Array.isArray(body) ? (body as any) : {}

  /* 1. the order column must be the table's order */
  if (
    input.sort !== undefined &&
    input.sort !== null &&
    input.sort !== '' &&
    input.sort !== column
  ) {
    refuse('sort', `Records can be reordered only when the table is sorted by ${column}`, 'sort')
  }

  /* 2. distinct keys of the source's key shape */
  const raw: unknown[] = Array.isArray(input.records) ? input.records : []
  if (!raw.length || raw.length > MAX_REORDER_RECORDS) {
    refuse('records', `Send between 1 and ${MAX_REORDER_RECORDS} records`, 'records')
  }
  const source = sourceOf(resource)
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

  /* 3. every record through the scoped query, then 4. authorized */
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
  const held = found.map((record) => (record as any)[column] as number | null)
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
