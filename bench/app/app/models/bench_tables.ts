/**
 * Table names of the benchmark. The item table is named after its row count
 * (`bench_items_100000`), so each size is seeded once and reused by later
 * runs; the server process serves one size (BENCH_ROWS).
 */
export const BENCH_ROWS = Number(process.env.BENCH_ROWS ?? 10000)

export const TABLES = {
  users: 'bench_users',
  authors: 'bench_authors',
  items: `bench_items_${BENCH_ROWS}`,
  bulkItems: 'bench_bulk_items',
  labels: 'bench_labels',
  notes: `bench_notes_${BENCH_ROWS}`,
  itemLabels: `bench_item_labels_${BENCH_ROWS}`,
  meta: 'bench_meta',
}
