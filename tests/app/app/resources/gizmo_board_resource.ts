import {
  ColorColumn,
  SelectColumn,
  TextInputColumn,
  ToggleColumn,
  type Table,
} from '../../../../index.ts'
import GizmoResource from './gizmo_resource.ts'

/**
 * Gizmos edited from the table: a text input, a select and a toggle, all
 * through the editable-column endpoint (the gizmo policy, rules and hooks).
 */
export default class GizmoBoardResource extends GizmoResource {
  slug = 'gizmo-boards'

  table(table: Table) {
    return table
      .reorderable('position')
      .columns([
        TextInputColumn.make('name').sortable(),
        SelectColumn.make('shelf').options({ a: 'Shelf A', b: 'Shelf B' }),
        ToggleColumn.make('isActive').label('Active'),
        ColorColumn.make('code'),
      ])
  }
}
