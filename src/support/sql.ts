import type { LucidModel, LucidRow, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Column name in SQL of a model property, qualified by the model's table.
 */
export function sqlColumn(model: LucidModel, property: string): string {
  const column = model.$getColumn(property)?.columnName ?? property
  return `${model.table}.${column}`
}

/**
 * Narrow a query of the model to the rows a pivot table links to one key:
 * `<property> IN (SELECT <selected> FROM <pivot> WHERE <matched> = key)`,
 * on the query's client (a transaction's, when given).
 */
export function whereInPivot(
  query: ModelQueryBuilderContract<LucidModel, LucidRow>,
  model: LucidModel,
  property: string,
  pivot: { table: string; matched: string; selected: string; key: unknown },
  client?: QueryClientContract
) {
  const connection = client ?? model.$adapter.modelConstructorClient(model)
  query.whereIn(
    sqlColumn(model, property),
    connection
      .from(pivot.table)
      .where(pivot.matched, pivot.key as string | number)
      .select(pivot.selected)
  )
}

/**
 * The primary key column of a model, qualified by its table.
 */
export function qualifiedKey(model: LucidModel): string {
  return sqlColumn(model, model.primaryKey)
}
