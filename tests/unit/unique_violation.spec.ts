import { test } from '@japa/runner'
import Gizmo from '../app/app/models/gizmo.ts'
import {
  parseUniqueViolation,
  uniqueViolationError,
} from '../../src/runtime/mutation/unique_violation.ts'
import GizmoRules from '../app/app/rules/gizmo_rules.ts'

/**
 * The shapes each driver gives a unique violation (as pg, mysql2 and
 * better-sqlite3 raise them).
 */
const PG = {
  code: '23505',
  table: 'gizmos',
  constraint: 'gizmos_shelf_position_unique',
  detail: 'Key (shelf, "position")=(A, 1) already exists.',
  message: 'duplicate key value violates unique constraint "gizmos_shelf_position_unique"',
}
const PG_EXPRESSION = {
  code: '23505',
  table: 'gizmos',
  constraint: 'gizmos_lower_name',
  detail: 'Key (lower(name::text))=(taken) already exists.',
}
const MYSQL = {
  code: 'ER_DUP_ENTRY',
  errno: 1062,
  sqlMessage: "Duplicate entry 'it''s' for key 'gizmos.gizmos_name_unique'",
}
const SQLITE = {
  code: 'SQLITE_CONSTRAINT_UNIQUE',
  message: 'insert into `gizmos` ... - UNIQUE constraint failed: gizmos.shelf, gizmos.position',
}
const SQLITE_EXPRESSION = {
  code: 'SQLITE_CONSTRAINT_UNIQUE',
  message: "UNIQUE constraint failed: index 'gizmos_lower_name'",
}

function fieldsOf(error: any) {
  return error.messages.map((message: any) => [message.field, message.rule, message.message])
}

test.group('Unique violations | every dialect', () => {
  test('each driver error is recognized with its table, columns or constraint', ({ assert }) => {
    assert.deepEqual(parseUniqueViolation(PG), {
      table: 'gizmos',
      columns: ['shelf', 'position'],
      constraint: 'gizmos_shelf_position_unique',
    })
    assert.deepEqual(parseUniqueViolation(MYSQL), {
      table: null,
      columns: null,
      constraint: 'gizmos_name_unique',
    })
    assert.deepEqual(parseUniqueViolation(SQLITE), {
      table: 'gizmos',
      columns: ['shelf', 'position'],
      constraint: null,
    })
    assert.isNull(parseUniqueViolation(new Error('connection lost')))
    assert.isNull(parseUniqueViolation({ code: '23503' }))
    assert.isNull(parseUniqueViolation(null))
  })

  test('named columns become the unique rule field errors, with the Rules messages', async ({
    assert,
  }) => {
    const composite = await uniqueViolationError(PG, Gizmo)
    assert.deepEqual(fieldsOf(composite), [
      ['shelf', 'database.unique', 'The shelf has already been taken'],
      ['position', 'database.unique', 'The position has already been taken'],
    ])
    const single = await uniqueViolationError(
      { ...SQLITE, message: 'UNIQUE constraint failed: gizmos.name' },
      Gizmo,
      GizmoRules
    )
    assert.deepEqual(fieldsOf(single), [['name', 'database.unique', 'This gizmo name is taken']])
  })

  test('no column to name (an expression index, another table): a form-level error', async ({
    assert,
  }) => {
    for (const error of [
      PG_EXPRESSION,
      SQLITE_EXPRESSION,
      { ...PG, table: 'post_labels' },
      { ...SQLITE, message: 'UNIQUE constraint failed: gizmos.unknown_column' },
    ]) {
      const mapped = await uniqueViolationError(error, Gizmo)
      assert.deepEqual(fieldsOf(mapped), [
        ['_form', 'database.unique', 'A record with these values already exists'],
      ])
    }
  })

  test('any other error passes through unchanged', async ({ assert }) => {
    const error = new Error('connection lost')
    assert.strictEqual(await uniqueViolationError(error, Gizmo), error)
  })
})
