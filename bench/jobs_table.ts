/*
 * The benchmarks' `kit_jobs` table (bench/export.ts, bench/import.ts).
 */

/**
 * The `kit_jobs` table of the published migration (stubs/migrations/kit_jobs.stub).
 */
export async function ensureJobsTable(client: any) {
  if (await client.schema.hasTable('kit_jobs')) return
  await client.schema.createTable('kit_jobs', (table: any) => {
    table.string('id', 36).primary()
    table.string('kind', 20).notNullable()
    table.string('user_id', 191).notNullable().index()
    table.string('panel', 191).nullable()
    table.string('mount', 191).notNullable()
    table.string('tenant_key', 191).nullable()
    table.string('status', 20).notNullable().index()
    table.integer('total').notNullable().defaultTo(0)
    table.integer('processed').notNullable().defaultTo(0)
    table.integer('failed').notNullable().defaultTo(0)
    table.text('cursor').nullable()
    table.text('payload', 'longtext').notNullable()
    table.text('result', 'longtext').nullable()
    table.string('error', 500).nullable()
    table.integer('attempts').notNullable().defaultTo(0)
    table.timestamp('started_at').nullable()
    table.timestamp('finished_at').nullable()
    table.timestamp('heartbeat_at').nullable()
    table.timestamp('created_at').notNullable()
    table.timestamp('updated_at').notNullable()
  })
}
