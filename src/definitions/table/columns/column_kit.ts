import type { KitContext } from '../../types.ts'

/**
 * What the runtime lends a column's hooks: the request, and the kit's
 * services for the kinds of column that need the disk or the database. A
 * column kind that needs a service of its own adds it by augmenting this
 * interface (as `ImageColumn` does) and the runtime provides it.
 */
export interface ColumnKit {
  context: KitContext
}
