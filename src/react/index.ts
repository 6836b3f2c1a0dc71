/*
 * adonis-kit/react
 *
 * React 19 renderers of the kit's Inertia pages (@inertiajs/react 3). They
 * render the serialized contracts only: they never query data or decide
 * what a person may see or do.
 */

export { AuditPage } from './audit_page.tsx'
export { ResourcePage, KitErrorPage, useRequestFailures } from './resource_page.tsx'
export { ResourceTable, type ResourceTableProps } from './resource_table.tsx'
export { ResourceForm, Field, RemoteSelect, type ResourceFormProps } from './resource_form.tsx'
export {
  ResourceBreadcrumbs,
  ResourceSubNavigation,
  ResourceTabs,
  PanelNavigation,
} from './navigation.tsx'
export {
  RelationManagers,
  RelationManager,
  type RelationManagersProps,
} from './relation_managers.tsx'
export { Infolist, Widgets } from './content.tsx'
export { EntryList, EntryView } from './entries.tsx'
export { GlobalSearch } from './global_search.tsx'
export { NotificationBell } from './notifications/notification_bell.tsx'
export { registerKitTransmit, type KitTransmitClient } from '../renderers/notifications.ts'
export { KitDialog, useConfirmation } from './dialog.tsx'
export { PanelShell, ThemeToggle } from './panel_shell.tsx'
export { KitIcon } from './icons.tsx'
export { KitToasts, kitToaster, useFlashToast } from './toasts.tsx'
export { KitTextContext, KitTextProvider, useText } from './text.tsx'
export { ValueView } from './values.tsx'
export {
  registerKitComponents,
  renderKitComponent,
  type CellProps,
  type EntryProps,
  type FieldControlProps,
  type FilterControlProps,
  type KitReactComponents,
  type LayoutNodeProps,
  type WidgetProps,
} from './registry.tsx'
export { kitComponents } from './kit_components.tsx'
export { entryType } from '../renderers/registry.ts'
export * from '../renderers/shared.ts'
export * from '../renderers/behaviour.ts'
export * from '../renderers/theme.ts'
export * from '../renderers/icons.ts'
export * from '../renderers/text.ts'
export * from '../renderers/values.ts'
export type * from '../renderers/types.ts'

import { kitPage, missingPage } from './registry.tsx'

/**
 * The component of a kit page name (`kit/list_records`, `kit/edit_record`,
 * ..., and the pages plugins register), or null for other names. Use it in
 * `createInertiaApp({ resolve })`.
 */
export function resolveKitPage(name: string) {
  return kitPage(name) ?? (name.startsWith('kit/') ? missingPage(name) : null)
}
