import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { TABLES } from '../app/models/bench_tables.ts'

/**
 * Version of the seeded data; bump it when the shape changes so that
 * reused tables are rebuilt.
 */
const DATA_VERSION = 4

export const AUTHORS = 1000

export const LABELS = 20

/**
 * Related rows of every seeded item: notes (has-many) and attached labels
 * (many-to-many).
 */
export const NOTES_PER_ITEM = 3
export const LABELS_PER_ITEM = 2

/**
 * One item with many more related rows (HEAVY_NOTES notes, every label),
 * to show that the edit page's query count does not depend on them.
 */
export const HEAVY_ITEM = 4
export const HEAVY_NOTES = 200

const WORDS = [
  'alpha',
  'amber',
  'atlas',
  'birch',
  'cedar',
  'cobalt',
  'delta',
  'ember',
  'falcon',
  'garnet',
  'harbor',
  'indigo',
  'jasper',
  'kestrel',
  'lumen',
  'maple',
  'nectar',
  'onyx',
  'pebble',
  'quartz',
  'raven',
  'sable',
  'tundra',
  'umber',
  'velvet',
  'willow',
  'xenon',
  'yarrow',
  'zephyr',
  'basalt',
  'coral',
  'dune',
]

/**
 * Generate the integers 1..n as a derived table `seq(g)` for the dialect.
 */
function sequence(dialect: string, n: number) {
  if (dialect === 'postgres') {
    return `(SELECT generate_series(1, ${n}) AS g) AS seq`
  }
  return `(WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < ${n}) SELECT g FROM s) AS seq`
}

function concat(dialect: string, parts: string[]) {
  return dialect === 'mysql' ? `CONCAT(${parts.join(', ')})` : parts.join(' || ')
}

function intDiv(dialect: string, expression: string, divisor: number) {
  return dialect === 'mysql' ? `(${expression} DIV ${divisor})` : `(${expression} / ${divisor})`
}

async function hasTable(client: QueryClientContract, table: string) {
  return client.schema.hasTable(table)
}

/**
 * Users, authors, the word list and the metadata table; created once.
 */
export async function ensureBase(client: QueryClientContract) {
  if (!(await hasTable(client, TABLES.meta))) {
    await client.schema.createTable(TABLES.meta, (table) => {
      table.string('table_name', 64).primary()
      table.integer('rows').notNullable()
      table.integer('version').notNullable()
    })
  }
  const base = await client.from(TABLES.meta).where('table_name', 'base').first()
  if (base?.version === DATA_VERSION) {
    return
  }
  for (const table of [TABLES.users, TABLES.authors, TABLES.labels, 'bench_words']) {
    await client.schema.dropTableIfExists(table)
  }
  await client.schema.createTable(TABLES.users, (table) => {
    table.increments('id')
    table.string('email', 254).notNullable().unique()
    table.boolean('is_admin').notNullable().defaultTo(false)
  })
  await client.table(TABLES.users).multiInsert([
    { email: 'admin@example.com', is_admin: true },
    { email: 'editor@example.com', is_admin: false },
  ])
  await client.schema.createTable('bench_words', (table) => {
    table.integer('i').primary()
    table.string('w', 20).notNullable()
  })
  await client.table('bench_words').multiInsert(WORDS.map((w, i) => ({ i, w })))
  await client.schema.createTable(TABLES.authors, (table) => {
    table.increments('id')
    table.string('name', 255).notNullable()
    table.string('email', 254).notNullable()
  })
  const dialect = client.dialect.name
  await client.rawQuery(
    `INSERT INTO ${TABLES.authors} (name, email)
     SELECT ${concat(dialect, [`w.w`, `' '`, `w2.w`, `' '`, 'seq.g'])},
            ${concat(dialect, [`'author'`, 'seq.g', `'@example.com'`])}
     FROM ${sequence(dialect, AUTHORS)}
     JOIN bench_words w ON w.i = seq.g % 32
     JOIN bench_words w2 ON w2.i = ${intDiv(dialect, 'seq.g', 32)} % 32
     ORDER BY seq.g`
  )
  await client.schema.createTable(TABLES.labels, (table) => {
    table.increments('id')
    table.string('name', 255).notNullable()
  })
  await client
    .table(TABLES.labels)
    .multiInsert(Array.from({ length: LABELS }, (_, i) => ({ name: `Label ${WORDS[i]}` })))
  await client.from(TABLES.meta).where('table_name', 'base').delete()
  await client
    .table(TABLES.meta)
    .insert({ table_name: 'base', rows: AUTHORS, version: DATA_VERSION })
}

/**
 * Create and fill an item table with `rows` rows in one INSERT ... SELECT
 * over a generated sequence: titles of two words and the row number, 60 %
 * published, 30 % draft, 10 % archived, 1000 authors, every 50th row in the
 * trash. Indexes are created after the insert.
 */
async function fillItems(
  client: QueryClientContract,
  name: string,
  rows: number,
  relations?: { notes: string; pivot: string }
) {
  const dialect = client.dialect.name
  await client.schema.dropTableIfExists(name)
  await client.schema.createTable(name, (table) => {
    table.increments('id')
    table.string('title', 255).notNullable()
    table.string('status', 20).notNullable()
    table.integer('price').notNullable()
    table.integer('author_id').unsigned().notNullable()
    table.timestamp('created_at').notNullable()
    table.timestamp('updated_at').notNullable()
    table.timestamp('deleted_at').nullable()
  })
  const timestamp =
    dialect === 'postgres'
      ? `TIMESTAMP '2026-01-01 00:00:00' + seq.g * INTERVAL '1 second'`
      : dialect === 'mysql'
        ? `TIMESTAMP('2026-01-01 00:00:00') + INTERVAL seq.g SECOND`
        : `datetime('2026-01-01 00:00:00', '+' || seq.g || ' seconds')`
  const trashedAt =
    dialect === 'postgres'
      ? `TIMESTAMP '2026-06-01 00:00:00'`
      : dialect === 'mysql'
        ? `TIMESTAMP('2026-06-01 00:00:00')`
        : `'2026-06-01 00:00:00'`
  if (dialect === 'mysql') {
    await client.rawQuery('SET SESSION cte_max_recursion_depth = 100000000').catch(() => {})
    await client.rawQuery('SET SESSION max_recursive_iterations = 100000000').catch(() => {})
  }
  await client.rawQuery(
    `INSERT INTO ${name} (title, status, price, author_id, created_at, updated_at, deleted_at)
     SELECT ${concat(dialect, ['w.w', `' '`, 'w2.w', `' '`, 'seq.g'])},
            CASE WHEN seq.g % 10 < 6 THEN 'published' WHEN seq.g % 10 < 9 THEN 'draft' ELSE 'archived' END,
            (seq.g * 37) % 10000,
            1 + ((seq.g % ${AUTHORS}) * 7919) % ${AUTHORS},
            ${timestamp}, ${timestamp},
            CASE WHEN seq.g % 50 = 0 THEN ${trashedAt} ELSE NULL END
     FROM ${sequence(dialect, rows)}
     JOIN bench_words w ON w.i = (seq.g * 7) % 32
     JOIN bench_words w2 ON w2.i = ${intDiv(dialect, 'seq.g', 3)} % 32
     ORDER BY seq.g`
  )
  await client.schema.alterTable(name, (table) => {
    table.index(['deleted_at'], `${name}_deleted_at_index`)
    table.index(['status'], `${name}_status_index`)
    table.index(['title'], `${name}_title_index`)
    table.index(['price'], `${name}_price_index`)
    table.index(['created_at'], `${name}_created_at_index`)
    table.index(['author_id'], `${name}_author_id_index`)
  })
  if (relations) {
    await fillRelations(client, name, relations)
  }
  for (const table of [name, ...(relations ? [relations.notes, relations.pivot] : [])]) {
    if (dialect === 'postgres') {
      await client.rawQuery(`VACUUM ANALYZE ${table}`)
    } else if (dialect === 'mysql') {
      await client.rawQuery(`ANALYZE TABLE ${table}`)
    } else {
      await client.rawQuery(`ANALYZE ${table}`)
    }
  }
}

/**
 * The related rows of every item: NOTES_PER_ITEM notes (has-many) and
 * LABELS_PER_ITEM attached labels with a `role` pivot column
 * (many-to-many), each one INSERT ... SELECT over the item table.
 */
async function fillRelations(
  client: QueryClientContract,
  items: string,
  tables: { notes: string; pivot: string }
) {
  const dialect = client.dialect.name
  const numbers = (count: number) =>
    Array.from({ length: count }, (_, n) => `SELECT ${n} AS n`).join(' UNION ALL ')
  await client.schema.dropTableIfExists(tables.notes)
  await client.schema.dropTableIfExists(tables.pivot)
  await client.schema.createTable(tables.notes, (table) => {
    table.increments('id')
    table.integer('item_id').unsigned().notNullable()
    table.string('body', 1000).notNullable()
  })
  await client.schema.createTable(tables.pivot, (table) => {
    table.integer('item_id').unsigned().notNullable()
    table.integer('label_id').unsigned().notNullable()
    table.string('role', 50).nullable()
  })
  await client.rawQuery(
    `INSERT INTO ${tables.notes} (item_id, body)
     SELECT i.id, ${concat(dialect, [`'Note '`, '(k.n + 1)', `' of item '`, 'i.id'])}
     FROM ${items} i CROSS JOIN (${numbers(NOTES_PER_ITEM)}) k
     ORDER BY i.id, k.n`
  )
  await client.rawQuery(
    `INSERT INTO ${tables.pivot} (item_id, label_id, role)
     SELECT i.id, 1 + ((i.id + k.n * 7) % ${LABELS}),
            CASE WHEN k.n = 0 THEN 'primary' ELSE 'secondary' END
     FROM ${items} i CROSS JOIN (${numbers(LABELS_PER_ITEM)}) k
     ORDER BY i.id, k.n`
  )
  const extraNotes = Array.from({ length: HEAVY_NOTES - NOTES_PER_ITEM }, (_, n) => ({
    item_id: HEAVY_ITEM,
    body: `Note ${NOTES_PER_ITEM + n + 1} of item ${HEAVY_ITEM}`,
  }))
  await client.table(tables.notes).multiInsert(extraNotes)
  const attached = await client.from(tables.pivot).where('item_id', HEAVY_ITEM).select('label_id')
  const known = new Set(attached.map((row) => Number(row.label_id)))
  await client.table(tables.pivot).multiInsert(
    Array.from({ length: LABELS }, (_, n) => n + 1)
      .filter((id) => !known.has(id))
      .map((id) => ({ item_id: HEAVY_ITEM, label_id: id, role: 'extra' }))
  )
  await client.schema.alterTable(tables.notes, (table) => {
    table.index(['item_id'], `${tables.notes}_item_id_index`)
  })
  await client.schema.alterTable(tables.pivot, (table) => {
    table.unique(['item_id', 'label_id'], { indexName: `${tables.pivot}_item_label_unique` })
    table.index(['label_id'], `${tables.pivot}_label_id_index`)
  })
}

/**
 * Make sure the item table of `rows` rows exists with the current data
 * version; reuse it when it does (reruns are fast), else rebuild it.
 * Returns the seconds spent seeding (0 when reused).
 */
export async function ensureItems(name: string, rows: number, force = false): Promise<number> {
  const started = performance.now()
  const client = db.connection()
  await ensureBase(client)
  const meta = await client.from(TABLES.meta).where('table_name', name).first()
  if (!force && meta && meta.rows === rows && meta.version === DATA_VERSION) {
    /* rows the create and update benchmarks added come after the seeded ones */
    await client.from(name).where('id', '>', rows).delete()
    const [{ total }] = await client.from(name).count('* as total')
    if (Number(total) === rows) {
      await ensureSearchIndex(client, name)
      return 0
    }
  }
  await client.from(TABLES.meta).where('table_name', name).delete()
  await fillItems(client, name, rows, { notes: TABLES.notes, pivot: TABLES.itemLabels })
  await client.table(TABLES.meta).insert({ table_name: name, rows, version: DATA_VERSION })
  await ensureSearchIndex(client, name)
  return (performance.now() - started) / 1000
}

/**
 * PostgreSQL: the trigram index that serves the `contains` search of the
 * title (`title ILIKE '%term%'`), as docs/benchmarks.md tells applications
 * to add it. BENCH_SEARCH_INDEX=0 leaves it out (and drops it).
 */
async function ensureSearchIndex(client: QueryClientContract, table: string) {
  if (client.dialect.name !== 'postgres') {
    return
  }
  const index = `${table}_title_trgm_index`
  if (process.env.BENCH_SEARCH_INDEX === '0') {
    await client.rawQuery(`DROP INDEX IF EXISTS ${index}`)
    return
  }
  await client.rawQuery('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  await client.rawQuery(
    `CREATE INDEX IF NOT EXISTS ${index} ON ${table} USING gin (title gin_trgm_ops)`
  )
}

/**
 * Rebuild the table of the bulk-action runs with `rows` rows.
 */
export async function seedBulkItems(rows: number): Promise<number> {
  const started = performance.now()
  const client = db.connection()
  await ensureBase(client)
  await fillItems(client, TABLES.bulkItems, rows)
  return (performance.now() - started) / 1000
}

/**
 * Versions of the database server.
 */
export async function databaseVersion(): Promise<string> {
  const client = db.connection()
  const dialect = client.dialect.name
  if (dialect === 'postgres') {
    const result = await client.rawQuery('SHOW server_version')
    return `PostgreSQL ${result.rows[0].server_version}`
  }
  if (dialect === 'mysql') {
    const [rows] = await client.rawQuery('SELECT VERSION() AS version')
    return `MySQL/MariaDB ${rows[0].version}`
  }
  const rows = await client.rawQuery('SELECT sqlite_version() AS version')
  return `SQLite ${rows[0].version}`
}
