import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ResourceMount } from '../mounts/resource_mount.ts'

/**
 * The edit URL of each row of a table, built from one template per table
 * instead of joining and filling the route pattern again on every row. The
 * URL is the one `mount.editUrl(record)` answers (the key is checked and
 * encoded the same way); null when the resource has no edit page.
 */
export function editUrlBuilder(
  mount: ResourceMount | undefined
): (record: LucidRow) => string | null {
  if (!mount) {
    return () => null
  }
  const edit = mount.pageOfKind('edit')
  if (!edit || edit.route.path.split(':record').length !== 2) {
    return (record) => mount.editUrl(record)
  }
  const target = `page "${edit.key}"`
  /* built on the first row (a table without rows needs no URL) */
  let template: string[] | undefined
  return (record) => {
    template ??= mount.pageTemplate(edit.key).split('{record}')
    return `${template[0]}${encodeURIComponent(mount.recordKey(record, target))}${template[1]}`
  }
}
