/*
 * Icon names, shared by both renderers. A navigation item's `icon` (the
 * resource's `navigationIcon`) is one of `KIT_ICON_NAMES`, written as
 * `heroicon-o-document-text`, `document-text` or `DocumentTextIcon`; the
 * renderers map it to the Heroicons outline component of that name. Only
 * the listed icons are bundled; an unknown name draws the default icon.
 */

/** The icons a navigation item may name (Heroicons outline, 24 px) */
export const KIT_ICON_NAMES = [
  'academic-cap',
  'archive-box',
  'banknotes',
  'bell',
  'book-open',
  'briefcase',
  'building-office',
  'calendar',
  'chart-bar',
  'chat-bubble-left-right',
  'clipboard-document-list',
  'cog-6-tooth',
  'cube',
  'document-text',
  'envelope',
  'folder',
  'globe-alt',
  'home',
  'inbox',
  'map-pin',
  'megaphone',
  'newspaper',
  'photo',
  'rectangle-stack',
  'shopping-bag',
  'shopping-cart',
  'squares-2x2',
  'star',
  'tag',
  'truck',
  'user',
  'user-group',
  'users',
] as const

/** One of `KIT_ICON_NAMES` */
export type KitIconName = (typeof KIT_ICON_NAMES)[number]

/** The icon of a navigation item without one, or with an unknown one */
export const DEFAULT_ICON: KitIconName = 'rectangle-stack'

/**
 * The kebab-case name of an icon name in any accepted spelling, or the
 * default icon's name.
 *
 * @example
 * iconName('heroicon-o-document-text') // 'document-text'
 * iconName('DocumentTextIcon') // 'document-text'
 */
export function iconName(name: string | null | undefined): KitIconName {
  if (!name) return DEFAULT_ICON
  const kebab = name
    .replace(/^heroicons?[-:](o|outline|s|solid|m|mini)[-:]/, '')
    .replace(/Icon$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Za-z])(\d)/g, '$1-$2')
    .toLowerCase()
    .replace('2-x-2', '2x2')
  return (KIT_ICON_NAMES as readonly string[]).includes(kebab)
    ? (kebab as KitIconName)
    : DEFAULT_ICON
}

/**
 * The icon of a row action by its name (edit, delete, restore...), or null.
 */
export function actionIconName(action: string): string | null {
  switch (action) {
    case 'edit':
      return 'pencil-square'
    case 'view':
      return 'eye'
    case 'delete':
    case 'forceDelete':
      return 'trash'
    case 'restore':
      return 'arrow-uturn-left'
    case 'detach':
    case 'dissociate':
      return 'link-slash'
    default:
      return null
  }
}
