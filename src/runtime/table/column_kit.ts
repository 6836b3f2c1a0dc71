import type { ColumnKit } from '../../definitions/table/columns/column_kit.ts'
import type { KitContext } from '../../definitions/types.ts'
import { imageCell } from '../files/file_urls.ts'

/**
 * The services the runtime lends the columns' hooks for one request.
 */
export function columnKit(context: KitContext): ColumnKit {
  return { context, imageCell }
}
