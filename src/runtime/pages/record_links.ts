import type { LucidRow } from '@adonisjs/lucid/types/model'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import type { KitContext } from '../../definitions/types.ts'
import { allows } from '../authorization/authorizer.ts'

/**
 * URL of the page a user can actually open for a record: its edit page when
 * the user may edit it, else its view page when the user may view it, else
 * null. Breadcrumbs and global search results link through it.
 */
export async function openableRecordUrl(
  mount: ResourceMount,
  record: LucidRow,
  context: KitContext
): Promise<string | null> {
  const resource = mount.resource
  const editUrl = mount.editUrl(record)
  if (editUrl && (await allows(resource, ResourceOperation.Edit, record, context))) {
    return editUrl
  }
  const view = mount.pageOfKind('view')
  if (view && (await allows(resource, ResourceOperation.View, record, context))) {
    return mount.url(view.key, record)
  }
  return null
}
