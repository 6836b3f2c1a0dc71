import { SimpleMessagesProvider, errors as vineErrors } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { RulesClass } from '../../definitions/validation/rules.ts'

/**
 * The field of a form-level error: an error no field of the form owns.
 */
export const FORM_ERROR_FIELD = '_form'

/**
 * The rule name of a unique violation, as Lucid's `unique` Vine rule reports
 * it, so a refused duplicate reads the same whether the rule or the database
 * caught it.
 */
export const UNIQUE_RULE = 'database.unique'

const DEFAULT_MESSAGE = 'The {{ field }} has already been taken'
const FORM_MESSAGE = 'A record with these values already exists'

/**
 * A unique violation a driver raised: the table and columns it names when
 * the driver says them, the constraint (index) name otherwise.
 */
interface UniqueViolation {
  table: string | null
  columns: string[] | null
  constraint: string | null
}

function unquote(name: string) {
  return name.trim().replace(/^["`]|["`]$/g, '')
}

/**
 * Recognize a unique violation of PostgreSQL (23505), MySQL / MariaDB
 * (ER_DUP_ENTRY, 1062) and SQLite (SQLITE_CONSTRAINT_UNIQUE and
 * SQLITE_CONSTRAINT_PRIMARYKEY), or null for any other error.
 */
export function parseUniqueViolation(error: unknown): UniqueViolation | null {
  if (!error || typeof error !== 'object') {
    return null
  }
  const failure = error as Record<string, any>
  const message = typeof failure.message === 'string' ? failure.message : ''

  /* PostgreSQL: detail "Key (a, b)=(x, y) already exists." */
  if (failure.code === '23505') {
    const detail = typeof failure.detail === 'string' ? failure.detail : ''
    const match = /^Key \((.+?)\)=\(/.exec(detail)
    const columns = match ? match[1].split(',').map(unquote) : null
    return {
      table: typeof failure.table === 'string' ? failure.table : null,
      /* an expression index (lower(name)) names no column */
      columns: columns?.every((column) => /^[\w$]+$/.test(column)) ? columns : null,
      constraint: typeof failure.constraint === 'string' ? failure.constraint : null,
    }
  }

  /* MySQL / MariaDB: "Duplicate entry 'x' for key 'table.index'" */
  if (failure.code === 'ER_DUP_ENTRY' || failure.errno === 1062) {
    const text = typeof failure.sqlMessage === 'string' ? failure.sqlMessage : message
    const at = text.lastIndexOf(" for key '")
    const key = at >= 0 ? text.slice(at + 10).replace(/'.*$/, '') : null
    return { table: null, columns: null, constraint: key ? key.split('.').pop()! : null }
  }

  /* SQLite: "UNIQUE constraint failed: table.a, table.b" */
  if (
    failure.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    failure.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    /UNIQUE constraint failed/.test(message)
  ) {
    const match = /UNIQUE constraint failed: (.+)$/m.exec(message)
    const names = match ? match[1].split(',').map((name) => name.trim()) : []
    if (!names.length || names.some((name) => !/^[\w$]+\.[\w$]+$/.test(name))) {
      return { table: null, columns: null, constraint: null }
    }
    return {
      table: names[0].split('.')[0],
      columns: names.map((name) => name.split('.')[1]),
      constraint: null,
    }
  }
  return null
}

/**
 * The columns of a MySQL / MariaDB index of the model's table.
 */
async function indexColumns(model: LucidModel, index: string): Promise<string[] | null> {
  try {
    const connection = model.$adapter.modelConstructorClient(model)
    const rows = await connection
      .from('information_schema.statistics')
      .select('column_name as column')
      .whereRaw('table_schema = database()')
      .where('table_name', model.table)
      .where('index_name', index)
      .orderBy('seq_in_index')
    const columns = rows.map((row: any) => row.column ?? row.COLUMN_NAME ?? row.column_name)
    return columns.length && columns.every((column) => typeof column === 'string') ? columns : null
  } catch {
    return null
  }
}

function fieldContext(name: string): FieldContext {
  return { name, wildCardPath: name, getFieldPath: () => name } as unknown as FieldContext
}

/**
 * Turn a unique violation the database raised inside a mutation into the
 * field errors the `unique` rule gives (rule `database.unique`, the Rules
 * class's messages), one per column of the violated constraint that is an
 * attribute of the model; a form-level error (field `_form`) when no column
 * can be named. Any other error is returned unchanged.
 */
export async function uniqueViolationError(
  error: unknown,
  model: LucidModel,
  Rules?: RulesClass
): Promise<unknown> {
  const violation = parseUniqueViolation(error)
  if (!violation) {
    return error
  }

  let columns = violation.columns
  if (!columns && violation.constraint && violation.table === null) {
    columns = await indexColumns(model, violation.constraint)
  }
  const ownTable = violation.table === null || violation.table === model.table
  const attributes =
    columns && ownTable
      ? columns.map((column) => model.$keys.columnsToAttributes.get(column) ?? null)
      : null

  const instance = Rules ? new Rules() : null
  const messages = instance?.messages() ?? {}
  const provider = new SimpleMessagesProvider(messages, instance?.fields() ?? {})
  if (!attributes?.length || attributes.some((attribute) => attribute === null)) {
    return new vineErrors.E_VALIDATION_ERROR([
      {
        field: FORM_ERROR_FIELD,
        rule: UNIQUE_RULE,
        message: messages[`${FORM_ERROR_FIELD}.${UNIQUE_RULE}`] ?? FORM_MESSAGE,
      },
    ])
  }
  return new vineErrors.E_VALIDATION_ERROR(
    (attributes as string[]).map((field) => ({
      field,
      rule: UNIQUE_RULE,
      message: provider.getMessage(DEFAULT_MESSAGE, UNIQUE_RULE, fieldContext(field)),
    }))
  )
}
