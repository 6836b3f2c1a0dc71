import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { BreadcrumbItem } from '../../contracts/main.ts'
import type { ResourceMount, MountedPage } from '../mounts/resource_mount.ts'
import { Tenancy } from '../../definitions/tenancy/tenancy.ts'
import type { KitContext } from '../../definitions/types.ts'
import { openableRecordUrl } from './record_links.ts'

/**
 * Breadcrumbs of a resource page:
 *
 * 1. the parent steps of a nested resource, when given (built by nesting);
 * 2. the list step, dropped when the resource has no index page;
 * 3. the record, titled by the record title rule, linked only when an edit
 *    or view page exists and the user may open it;
 * 4. the current page as plain text (`url: null`, `current: true`; renderers
 *    put `aria-current="page"` on it), labelled by its `breadcrumbLabel()`.
 */
export async function breadcrumbsFor(
  mount: ResourceMount,
  current: MountedPage,
  record: LucidRow | null,
  context: KitContext,
  parentSteps: BreadcrumbItem[] = []
): Promise<BreadcrumbItem[]> {
  return breadcrumbsTo(mount, record, context, current.page.breadcrumbLabel(), parentSteps)
}

/**
 * Breadcrumbs of a page of a resource (the same steps as
 * {@link breadcrumbsFor}) whose last step is `label`: the History page of a
 * record ends with "History".
 */
export async function breadcrumbsTo(
  mount: ResourceMount,
  record: LucidRow | null,
  context: KitContext,
  label: string,
  parentSteps: BreadcrumbItem[] = []
): Promise<BreadcrumbItem[]> {
  const resource = mount.resource
  const items: BreadcrumbItem[] = parentSteps.map((step) => ({ ...step, current: false }))

  /* a nested resource starts with its parent's list and record */
  const parent = Tenancy.state()?.parent
  if (mount.parent && parent) {
    const parentMount = mount.parent.mount
    const parentIndex = parentMount.pageOfKind('list')
    if (parentIndex) {
      items.push({
        label: parentMount.resource.getPluralLabel(),
        url: parentMount.url(parentIndex.key),
        current: false,
      })
    }
    const parentEdit = parentMount.pageOfKind('edit')
    items.push({
      label: parentMount.resource.recordTitle(parent),
      url: parentEdit ? parentMount.url(parentEdit.key, parent) : null,
      current: false,
    })
  }

  const index = mount.listPage()
  if (index) {
    items.push({
      label: resource.getPluralLabel(),
      url: mount.url(index.key),
      current: false,
    })
  }

  if (record) {
    items.push({
      label: resource.recordTitle(record),
      url: await openableRecordUrl(mount, record, context),
      current: false,
    })
  }

  items.push({ label, url: null, current: true })
  return items
}
