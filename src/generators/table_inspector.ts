import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * What the generators need to know about one column of a table.
 */
export interface InspectedColumn {
  /** Column name in the database */
  name: string
  /** Base type, lower case, without length or precision (`varchar`, `tinyint`) */
  type: string
  /** Full type as the database reports it (`varchar(255)`, `tinyint(1)`) */
  fullType: string
  nullable: boolean
  /** Whether the database fills the column when an insert leaves it out */
  hasDefault: boolean
  /** Maximum length of character columns, when the database reports one */
  maxLength: number | null
  /** Part of the primary key */
  primary: boolean
  /** Values of a MySQL/MariaDB `enum(...)` column */
  enumValues: string[] | null
}

/**
 * Split a reported type like `varchar(255)` or `decimal(8, 2)` into its base
 * type and its first numeric argument.
 */
function splitType(fullType: string): { type: string; length: number | null } {
  const match = /^([^(]+)(?:\(\s*(\d+)[^)]*\))?/.exec(fullType.trim().toLowerCase())
  if (!match) {
    return { type: fullType.trim().toLowerCase(), length: null }
  }
  return { type: match[1].trim(), length: match[2] ? Number(match[2]) : null }
}

/**
 * Values of a MySQL `enum('a','b')` column type.
 */
function enumValuesOf(fullType: string): string[] | null {
  const match = /^enum\((.*)\)$/i.exec(fullType.trim())
  if (!match) {
    return null
  }
  return [...match[1].matchAll(/'((?:[^']|'')*)'/g)].map((value) => value[1].replace(/''/g, "'"))
}

/**
 * A MariaDB column default of `NULL` (reported as the string 'NULL') is no default.
 */
function isRealDefault(value: unknown): boolean {
  return value !== null && value !== undefined && String(value).toUpperCase() !== 'NULL'
}

/**
 * SQLite: `pragma_table_info` reports type, nullability, default and key.
 */
async function sqliteColumns(client: QueryClientContract, table: string) {
  const rows: any[] = await client.rawQuery('SELECT * FROM pragma_table_info(?)', [table])
  return rows.map((row): InspectedColumn => {
    const { type, length } = splitType(String(row.type || 'text'))
    return {
      name: row.name,
      type,
      fullType: String(row.type).toLowerCase(),
      nullable: !row.notnull && !row.pk,
      hasDefault: isRealDefault(row.dflt_value) || (row.pk > 0 && type === 'integer'),
      maxLength: ['varchar', 'char', 'character', 'nvarchar'].includes(type) ? length : null,
      primary: row.pk > 0,
      enumValues: null,
    }
  })
}

/**
 * PostgreSQL: information_schema.columns of the current schema, keys from
 * the dialect.
 */
async function postgresColumns(client: QueryClientContract, table: string) {
  const [result, primaryKeys] = await Promise.all([
    client.rawQuery(
      `SELECT column_name, data_type, udt_name, is_nullable, column_default,
              character_maximum_length
         FROM information_schema.columns
        WHERE table_name = ? AND table_schema = current_schema()
        ORDER BY ordinal_position`,
      [table]
    ),
    client.getPrimaryKeys(table),
  ])
  const rows: PostgresColumnRow[] = result.rows
  return rows.map((row): InspectedColumn => ({
    name: row.column_name,
    type: String(row.data_type).toLowerCase(),
    fullType: String(row.udt_name).toLowerCase(),
    nullable: row.is_nullable === 'YES',
    hasDefault: isRealDefault(row.column_default),
    maxLength: row.character_maximum_length === null ? null : Number(row.character_maximum_length),
    primary: primaryKeys.includes(row.column_name),
    enumValues: null,
  }))
}

/**
 * A row of PostgreSQL's information_schema.columns, as selected above.
 */
interface PostgresColumnRow {
  column_name: string
  data_type: string
  udt_name: string
  is_nullable: 'YES' | 'NO'
  column_default: string | null
  character_maximum_length: number | string | null
}

/**
 * A row of MySQL/MariaDB's information_schema.CHECK_CONSTRAINTS.
 */
interface CheckConstraintRow {
  TABLE_NAME: string
  CHECK_CLAUSE: string | null
}

/**
 * A row of MySQL/MariaDB's information_schema.columns, as selected below.
 */
interface MysqlColumnRow {
  name: string
  dataType: string
  columnType: string
  isNullable: 'YES' | 'NO'
  columnDefault: string | null
  maxLength: number | string | null
  columnKey: string
  extra: string
}

/**
 * MariaDB stores JSON columns as longtext with a `json_valid()` check
 * constraint named after the column; MySQL has a native json type.
 */
async function mariadbJsonColumns(client: QueryClientContract, table: string) {
  const columns = new Set<string>()
  try {
    const [rows] = await client.rawQuery(
      'SELECT * FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = database()'
    )
    const constraints: CheckConstraintRow[] = rows
    for (const row of constraints) {
      const match = /json_valid\(`?([^`)]+)`?\)/i.exec(String(row.CHECK_CLAUSE ?? ''))
      if (row.TABLE_NAME === table && match) {
        columns.add(match[1])
      }
    }
  } catch {
    /* servers without CHECK_CONSTRAINTS have no such columns */
  }
  return columns
}

/**
 * MySQL and MariaDB: information_schema.columns of the current database.
 * COLUMN_TYPE tells `tinyint(1)` (a boolean) from other tinyints and carries
 * the values of enum columns.
 */
async function mysqlColumns(client: QueryClientContract, table: string) {
  const [rows] = await client.rawQuery(
    `SELECT COLUMN_NAME AS name, DATA_TYPE AS dataType, COLUMN_TYPE AS columnType,
            IS_NULLABLE AS isNullable, COLUMN_DEFAULT AS columnDefault,
            CHARACTER_MAXIMUM_LENGTH AS maxLength, COLUMN_KEY AS columnKey, EXTRA AS extra
       FROM information_schema.columns
      WHERE TABLE_NAME = ? AND TABLE_SCHEMA = database()
      ORDER BY ORDINAL_POSITION`,
    [table]
  )
  const jsonColumns = await mariadbJsonColumns(client, table)
  const columns: MysqlColumnRow[] = rows
  return columns.map((row): InspectedColumn => ({
    name: row.name,
    type: jsonColumns.has(row.name) ? 'json' : String(row.dataType).toLowerCase(),
    fullType: String(row.columnType).toLowerCase(),
    nullable: row.isNullable === 'YES',
    hasDefault: isRealDefault(row.columnDefault) || String(row.extra).includes('auto_increment'),
    maxLength: row.maxLength === null ? null : Number(row.maxLength),
    primary: row.columnKey === 'PRI',
    enumValues: enumValuesOf(String(row.columnType)),
  }))
}

/**
 * Read the columns of a table through a Lucid query client, in table order.
 * Answers an empty list when the table does not exist. Supports SQLite
 * (better-sqlite3, sqlite3, libsql), PostgreSQL and MySQL/MariaDB.
 *
 * @example
 * ```ts
 * const columns = await inspectTable(db.connection(), 'posts')
 * ```
 */
export async function inspectTable(
  client: QueryClientContract,
  table: string
): Promise<InspectedColumn[]> {
  const dialect = client.dialect.name
  switch (dialect) {
    case 'better-sqlite3':
    case 'sqlite3':
    case 'libsql':
      return sqliteColumns(client, table)
    case 'postgres':
      return postgresColumns(client, table)
    case 'mysql':
      return mysqlColumns(client, table)
    default:
      throw new Error(
        `Reading the columns of "${table}" is not supported for the "${dialect}" dialect (supported: SQLite, PostgreSQL, MySQL and MariaDB)`
      )
  }
}
