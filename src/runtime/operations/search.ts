import type { GlobalSearchContract } from '../../contracts/main.ts'
import { GlobalSearch } from '../search/global_search.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { JsonAnswer } from './operation.ts'

/**
 * The global search of a panel (route `search`, `?q=`): every globally
 * searchable resource mounted on it, for the request's user.
 */
export async function globalSearchOperation(
  mounts: ResourceMount[],
  context: KitContext,
  query: Record<string, any>
): Promise<JsonAnswer & { body: GlobalSearchContract }> {
  const body = await GlobalSearch.across(mounts).search(query.q, context.user, {
    context: { http: context.http, containerResolver: context.containerResolver },
  })
  return { type: 'json', body }
}
