import type { LucidRow } from '@adonisjs/lucid/types/model'
import { versionOf } from '../mutation/record_version.ts'
import { sourceOf } from '../records/resource_source.ts'
import type { FormContract } from '../../contracts/main.ts'
import { authorize } from '../authorization/authorizer.ts'
import { findRecord } from '../query/scoped_query.ts'
import { serializeForm } from '../form/form_serializer.ts'
import { buildForm } from '../../definitions/table/builders.ts'
import type { MountedPage, ResourceMount } from '../mounts/resource_mount.ts'
import type { KitContext } from '../../definitions/types.ts'

/**
 * The form of a create or edit page (route of a `create` or `edit` page,
 * kit() form steps): resolve the record through the scoped query (edit),
 * authorize the page's operation, serialize the form with its current
 * values (or the values of a refused submission).
 */
export async function formOperation(
  mount: ResourceMount,
  current: MountedPage,
  key: unknown,
  context: KitContext,
  options: { oldInput?: Record<string, unknown> | null } = {}
): Promise<{ record: LucidRow | null; form: FormContract }> {
  const record =
    current.route.page.kind === 'create' ? null : await findRecord(mount.resource, context, key)
  await authorize(mount.resource, current.page.operation(), record, context)
  const form = await formContract(mount, record, context, {
    pageUrl: mount.url(current.key, record),
    oldInput: options.oldInput,
  })
  return { record, form }
}

/**
 * The `form` contract of a resource for a record (edit) or none (create):
 * submitted to the store or update route; its selects search on `pageUrl`.
 */
export function formContract(
  mount: ResourceMount,
  record: LucidRow | null,
  context: KitContext,
  options: { pageUrl: string; oldInput?: Record<string, unknown> | null }
): Promise<FormContract> {
  const resource = mount.resource
  return serializeForm(
    resource,
    buildForm(resource),
    record ? 'edit' : 'create',
    record,
    record
      ? { url: mount.recordUrl(record), method: 'patch' }
      : { url: mount.recordUrl(), method: 'post' },
    {
      context,
      pageUrl: options.pageUrl,
      optionUrl: (field) => mount.optionUrl(field, record),
      markdownUrl: (field) => mount.markdownPreviewUrl(field, record),
      oldInput: options.oldInput,
      stateUrl: () => mount.stateUrl(record),
      version: record ? versionOf(sourceOf(resource), record) : null,
    }
  )
}

/**
 * The URL of the page a form lives on (its selects search there): the
 * create or edit page, or the manage page (`?edit=<key>` for a record).
 */
export function formPageUrl(mount: ResourceMount, page: MountedPage, record: LucidRow | null) {
  if (page.route.page.kind === 'manage') {
    const url = mount.url(page.key)
    return record ? `${url}?edit=${encodeURIComponent(String(record.$primaryKeyValue))}` : url
  }
  return record ? mount.url(page.key, record) : mount.url(page.key)
}
