import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { BreadcrumbItem } from '../contracts/main.ts'
import type { ResourceMount, MountedPage } from '../routing/resource_mount.ts'
import { Tenancy } from '../tenancy/tenancy.ts'

/**
 * Breadcrumbs of a resource page: the list page (dropped without an index
 * page), the record (linked only when an edit page exists), then the current
 * page as plain text.
 */
export function breadcrumbsFor(
  mount: ResourceMount,
  current: MountedPage,
  record: LucidRow | null
): BreadcrumbItem[] {
  const resource = mount.resource
  const items: BreadcrumbItem[] = []

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

  const index = mount.pageOfKind('list')
  if (index) {
    items.push({
      label: resource.getPluralLabel(),
      url: mount.url(index.key),
      current: false,
    })
  }

  if (record) {
    const edit = mount.pageOfKind('edit')
    items.push({
      label: resource.recordTitle(record),
      url: edit ? mount.url(edit.key, record) : null,
      current: false,
    })
  }

  items.push({ label: current.page.breadcrumbLabel(), url: null, current: true })
  return items
}
