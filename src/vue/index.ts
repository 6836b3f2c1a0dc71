/*
 * adonis-kit/vue
 *
 * Vue 3.5 renderers of the kit's Inertia pages (@inertiajs/vue3 3). Written
 * as render functions, so they need no SFC compiler. They render the
 * serialized contracts only: they never query data or decide what a person
 * may see or do.
 */

import { kitPage, missingPage } from './registry.ts'

export { AuditPage } from './audit_page.ts'
export { ResourcePage, KitErrorPage, useRequestFailures } from './resource_page.ts'
export { ResourceTable } from './resource_table.ts'
export { ResourceForm, RemoteSelect, renderField } from './resource_form.ts'
export {
  ResourceBreadcrumbs,
  ResourceSubNavigation,
  ResourceTabs,
  PanelNavigation,
} from './navigation.ts'
export { RelationManagers, RelationManager } from './relation_managers.ts'
export { Infolist, Widgets } from './content.ts'
export { EntryList, EntryView } from './entries.ts'
export { GlobalSearch } from './global_search.ts'
export { NotificationBell } from './notifications/notification_bell.ts'
export { registerKitTransmit, type KitTransmitClient } from '../renderers/notifications.ts'
export { KitDialog, useConfirmation } from './dialog.ts'
export { PanelShell, ThemeToggle } from './panel_shell.ts'
export { KitIcon } from './icons.ts'
export { KitToasts, kitToaster, useFlashToast } from './toasts.ts'
export { provideText, useText } from './text.ts'
export { ValueView } from './values.ts'
export {
  registerKitComponents,
  renderComponent,
  renderKitComponent,
  type CellProps,
  type EntryProps,
  type FieldControlProps,
  type FilterControlProps,
  type KitVueComponents,
  type LayoutNodeProps,
  type WidgetProps,
} from './registry.ts'
export { kitComponents } from './kit_components.ts'
export { entryType } from '../renderers/registry.ts'
export * from '../renderers/shared.ts'
export * from '../renderers/behaviour.ts'
export * from '../renderers/theme.ts'
export * from '../renderers/icons.ts'
export * from '../renderers/text.ts'
export * from '../renderers/values.ts'
export type * from '../renderers/types.ts'

/**
 * The component of a kit page name (`kit/list_records`, `kit/edit_record`,
 * ..., and the pages plugins register), or null for other names. Use it in
 * `createInertiaApp({ resolve })`.
 */
export function resolveKitPage(name: string) {
  return kitPage(name) ?? (name.startsWith('kit/') ? missingPage(name) : null)
}
