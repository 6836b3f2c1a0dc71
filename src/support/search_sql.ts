import { KitConfigurationException } from './errors.ts'

/**
 * How a searchable column matches a term, each case-insensitive and literal
 * (LIKE wildcards in the term match themselves):
 * - `contains` (the default): the term anywhere in the value. PostgreSQL
 *   runs `col ILIKE '%term%'`, which a trigram index serves
 *   (`CREATE INDEX ... USING gin (col gin_trgm_ops)`); MySQL/MariaDB and
 *   SQLite run `LOWER(col) LIKE '%term%'` (no index serves a leading
 *   wildcard there: use `fulltext` on MySQL/MariaDB at scale);
 * - `prefix`: values that start with the term, `LOWER(col) LIKE 'term%'`
 *   (served by `lower(col) text_pattern_ops` on PostgreSQL), `col LIKE
 *   'term%'` on MySQL/MariaDB (served by a plain index on the column under a
 *   case-insensitive collation);
 * - `fulltext`: the term's words as whole words, through the database's
 *   full-text search: `to_tsvector('simple', col) @@
 *   plainto_tsquery('simple', term)` on PostgreSQL (a GIN index on that
 *   expression serves it), `MATCH (col) AGAINST (term)` on MySQL/MariaDB (it
 *   needs a FULLTEXT index on the column); SQLite has no full-text search on
 *   a plain table, so it runs `contains` there.
 */
export type SearchStrategy = 'contains' | 'prefix' | 'fulltext'

export const SEARCH_STRATEGIES: readonly SearchStrategy[] = ['contains', 'prefix', 'fulltext']

/**
 * Check a declared strategy (a configuration mistake fails at boot).
 */
export function assertSearchStrategy(value: unknown, where: string): SearchStrategy {
  if (typeof value === 'string' && SEARCH_STRATEGIES.includes(value as SearchStrategy)) {
    return value as SearchStrategy
  }
  throw new KitConfigurationException(
    `${where}: the search strategy must be one of ${SEARCH_STRATEGIES.map((name) => `'${name}'`).join(', ')}, received ${JSON.stringify(value)}`
  )
}

/**
 * Escape LIKE wildcards so a term matches literally (with `ESCAPE '!'`).
 */
export function escapeLike(term: string): string {
  return term.replace(/[!%_]/g, (character) => `!${character}`)
}

/**
 * The SQL condition of a search on one column, for `whereRaw()`: `??`
 * stands for the (qualified) column, `?` for the term's binding.
 */
export function searchCondition(
  dialect: string,
  strategy: SearchStrategy,
  column: string,
  term: string
): { sql: string; bindings: string[] } {
  const postgres = dialect === 'postgres'
  const mysql = dialect === 'mysql'
  if (strategy === 'fulltext' && postgres) {
    return {
      sql: `to_tsvector('simple', coalesce(??, '')) @@ plainto_tsquery('simple', ?)`,
      bindings: [column, term],
    }
  }
  if (strategy === 'fulltext' && mysql) {
    return { sql: `MATCH (??) AGAINST (? IN NATURAL LANGUAGE MODE)`, bindings: [column, term] }
  }
  if (strategy === 'prefix') {
    const pattern = `${escapeLike(term.toLowerCase())}%`
    return mysql
      ? { sql: `?? LIKE ? ESCAPE '!'`, bindings: [column, pattern] }
      : { sql: `LOWER(??) LIKE ? ESCAPE '!'`, bindings: [column, pattern] }
  }
  const pattern = `%${escapeLike(term.toLowerCase())}%`
  return postgres
    ? { sql: `?? ILIKE ? ESCAPE '!'`, bindings: [column, pattern] }
    : { sql: `LOWER(??) LIKE ? ESCAPE '!'`, bindings: [column, pattern] }
}
