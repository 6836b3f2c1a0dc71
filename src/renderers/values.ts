/*
 * adonis-kit
 *
 * How both renderers show a value: the server's formatted text when it sent
 * one, a link when the format asks for it and the server found the link
 * safe, the raw value copied by a copy button, and the summaries under
 * their columns.
 */

import type {
  InfolistEntryContract,
  SerializableValue,
  TableColumnContract,
  TableContract,
  TableRowContract,
  TableSummaryContract,
} from './types.ts'
import { displayValue } from './shared.ts'
import { keyText, type KitText } from './text.ts'

/** What a renderer draws for one value */
export interface ShownValue {
  /** The raw value (copied by the copy button) */
  value: SerializableValue | SerializableValue[] | undefined
  /** The text to show */
  text: string
  /** A link to draw the text as, or null */
  href: string | null
  /** Draw a check or a cross instead of the text (booleans) */
  boolean: boolean | null
  /** Markdown values: the HTML the server rendered and sanitized, inserted as HTML */
  html: string | null
  copyable: boolean
  wrap: boolean
}

/**
 * A cell of a table: `formatted[name]` when the row carries it, else the
 * raw value as text; `links[name]` when the column is a link.
 */
export function cellValue(
  column: TableColumnContract,
  row: TableRowContract,
  t: KitText = keyText
): ShownValue {
  const value = row.values[column.name]
  const formatted = row.formatted?.[column.name]
  const link = column.format?.link ? row.links?.[column.name] : null
  return {
    value,
    text: typeof formatted === 'string' ? formatted : displayValue(value, t),
    href: typeof link === 'string' ? link : null,
    boolean: typeof value === 'boolean' && typeof formatted !== 'string' ? value : null,
    html: column.format?.kind === 'markdown' && typeof formatted === 'string' ? formatted : null,
    copyable: !!column.format?.copyable && value !== null && value !== undefined && value !== '',
    wrap: !!column.format?.wrap,
  }
}

/**
 * An entry of a view page, shown as a cell is.
 */
export function entryValue(entry: InfolistEntryContract, t: KitText = keyText): ShownValue {
  const { value } = entry
  return {
    value,
    text: typeof entry.formatted === 'string' ? entry.formatted : displayValue(value, t),
    href: entry.format?.link && typeof entry.link === 'string' ? entry.link : null,
    boolean: typeof value === 'boolean' && typeof entry.formatted !== 'string' ? value : null,
    html:
      entry.format?.kind === 'markdown' && typeof entry.formatted === 'string'
        ? entry.formatted
        : null,
    copyable: !!entry.format?.copyable && value !== null && value !== undefined && value !== '',
    wrap: entry.format?.wrap ?? true,
  }
}

/**
 * The icon of an icon entry and what it says to screen readers: the
 * declared label, Yes or No for a boolean, else the value.
 */
export function entryIcon(
  entry: InfolistEntryContract,
  t: KitText = keyText
): { icon: string; color: string; label: string } | null {
  if (!entry.icon) return null
  const label =
    entry.icon.label ??
    (typeof entry.value === 'boolean'
      ? t(entry.value ? 'table.yes' : 'table.no')
      : String(entry.value))
  return { icon: entry.icon.icon, color: entry.icon.color, label }
}

/**
 * The text a copy button puts on the clipboard: the raw value.
 */
export function copiedText(value: ShownValue['value']): string {
  if (Array.isArray(value)) return value.map((item) => copiedText(item)).join(', ')
  return value === null || value === undefined ? '' : String(value)
}

/**
 * Copies a value with the Clipboard API; answers whether it worked.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  const clipboard = (
    globalThis as { navigator?: { clipboard?: { writeText(text: string): Promise<void> } } }
  ).navigator?.clipboard
  if (!clipboard) return false
  try {
    await clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/**
 * The summaries of a table by column name (a column may have several), or
 * null when the table has none.
 */
export function summariesByColumn(
  table: TableContract
): Map<string, TableSummaryContract[]> | null {
  if (!table.summaries?.length) return null
  const byColumn = new Map<string, TableSummaryContract[]>()
  for (const summary of table.summaries) {
    byColumn.set(summary.column, [...(byColumn.get(summary.column) ?? []), summary])
  }
  return byColumn
}

/** The text of a summary's value ("—" over no rows) */
export function summaryText(summary: TableSummaryContract): string {
  return summary.formatted ?? (summary.value === null ? '—' : String(summary.value))
}
