/*
 * adonis-kit
 *
 * Contracts of the infolist of a view page.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

import type { ImageDisplayContract, SerializableValue, ValueFormatContract } from './values.ts'
import type { LayoutNodeContract } from './layout.ts'

/**
 * One entry of a view page's infolist.
 */
export interface InfolistEntryContract {
  /**
   * The entry's kind, a key of `KitEntryContracts`. The kit's own entries
   * leave it out (renderers tell their kind by the members present:
   * `entryType()`); a plugin's entry sets it.
   */
  type?: keyof KitEntryContracts
  name: string
  label: string
  value: SerializableValue
  /** Present when the entry declares a format */
  format?: ValueFormatContract
  /** Formatted entries: the text to show (null for a null value) */
  formatted?: string | null
  /** `url()` entries: the safe link, or null */
  link?: string | null
  /** Image entries: the safe image URLs to show (`value` is the stored path) */
  image?: ImageDisplayContract & { urls: string[] }
  /** HTML entries: sanitized HTML to insert */
  html?: string | null
  /** Badge entries (`badge()`): the badge's color name */
  badge?: { color: string }
  /**
   * Icon entries: the icon of the value (`true`/`false` for booleans, whose
   * `value` is cast to a boolean), or null when the value has none (its
   * text is shown)
   */
  icon?: { icon: string; color: string; label?: string } | null
  /** Color entries: the value when it is a plain CSS color (drawn as a swatch), else null */
  color?: string | null
  /** Key-value entries: the object's rows, values as strings (`value` is null) */
  keyValue?: { key: string; value: string }[]
  /** Key-value entries: the column headings the entry declares (null: the default) */
  keyValueLabels?: { key: string | null; value: string | null }
  /** Repeatable entries: the child entries of each item, in order (`value` is null) */
  items?: InfolistEntryContract[][]
}

/**
 * An image entry: the images to show.
 */
export interface ImageEntryContract extends InfolistEntryContract {
  image: ImageDisplayContract & { urls: string[] }
}

/**
 * An HTML entry: sanitized HTML to insert.
 */
export interface HtmlEntryContract extends InfolistEntryContract {
  html: string | null
}

/**
 * A repeatable entry: the child entries of each item.
 */
export interface RepeatableEntryContract extends InfolistEntryContract {
  items: InfolistEntryContract[][]
}

/**
 * A key-value entry: the object's rows.
 */
export interface KeyValueEntryContract extends InfolistEntryContract {
  keyValue: { key: string; value: string }[]
}

/**
 * An icon entry whose value has an icon.
 */
export interface IconEntryContract extends InfolistEntryContract {
  icon: { icon: string; color: string; label?: string }
}

/**
 * A color entry: a swatch when the value is a plain CSS color.
 */
export interface ColorEntryContract extends InfolistEntryContract {
  color: string | null
}

/**
 * A badge entry with a value.
 */
export interface BadgeEntryContract extends InfolistEntryContract {
  badge: { color: string }
}

/**
 * The infolist entries by kind (`entryType()` of the renderers). A plugin
 * adds its own by augmenting this interface (`declare module
 * 'adonis-kit/contracts'`) and sending `type` with its entries; each
 * renderer's registry must then hold an entry component for it.
 */
export interface KitEntryContracts {
  text: InfolistEntryContract
  image: ImageEntryContract
  html: HtmlEntryContract
  repeatable: RepeatableEntryContract
  keyValue: KeyValueEntryContract
  icon: IconEntryContract
  color: ColorEntryContract
  badge: BadgeEntryContract
}

/**
 * The `infolist` prop of a view page.
 */
export interface InfolistContract {
  entries: InfolistEntryContract[]
  /** The layout tree (leaves name entries), when the infolist declares one */
  layout?: LayoutNodeContract[]
}
