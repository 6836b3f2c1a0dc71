import type { Knex } from 'knex'

/**
 * One clause knex keeps for a query, as the kit reads it (knex keeps them
 * in `_statements`, which its types do not declare).
 */
interface KnexStatement {
  grouping: string
  type?: string
  value?: unknown
  direction?: string
  nulls?: string
}

/**
 * A plain `ORDER BY <column> <direction>` of a query.
 */
export interface PlainOrder {
  column: string
  direction: 'asc' | 'desc'
}

/**
 * The order clauses of a query when every one is a plain column with a
 * direction (no raw SQL, no explicit NULLS placement); null otherwise, or
 * when the query has no order. What the keyset and the nearest-end
 * paginations can safely seek on or flip.
 */
export function plainOrder(query: { knexQuery: Knex.QueryBuilder }): PlainOrder[] | null {
  const internals = query.knexQuery as unknown as { _statements?: KnexStatement[] }
  const order = (internals._statements ?? []).filter(({ grouping }) => grouping === 'order')
  if (!order.length) {
    return null
  }
  const plain: PlainOrder[] = []
  for (const statement of order) {
    if (
      statement.type !== 'orderByBasic' ||
      typeof statement.value !== 'string' ||
      statement.nulls
    ) {
      return null
    }
    const direction = String(statement.direction ?? 'asc').toLowerCase()
    plain.push({ column: statement.value, direction: direction === 'desc' ? 'desc' : 'asc' })
  }
  return plain
}
