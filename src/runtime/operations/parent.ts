import type { LucidRow } from '@adonisjs/lucid/types/model'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { authorize } from '../authorization/authorizer.ts'
import { findRecord } from '../query/scoped_query.ts'
import { Tenancy } from '../../definitions/tenancy/tenancy.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import type { KitContext } from '../../definitions/types.ts'

/**
 * Resolve the parent record of a nested resource through the parent
 * resource's scoped query (404 outside it) and authorize its `view`
 * operation, on every request. The parent is kept in the request's scope
 * so URLs keep the parent segment.
 */
export async function resolveParent(
  mount: ResourceMount,
  context: KitContext,
  key: unknown
): Promise<LucidRow> {
  const parentResource = mount.parent!.mount.resource
  const parentContext: KitContext = { ...context, parent: undefined }
  const parent = await findRecord(parentResource, parentContext, key)
  await authorize(parentResource, ResourceOperation.View, parent, parentContext)
  const state = Tenancy.state()
  if (state) {
    state.parent = parent
  }
  return parent
}
