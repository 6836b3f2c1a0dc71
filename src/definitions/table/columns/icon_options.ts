/**
 * One icon of an icon column or entry: its name (a Heroicons outline name
 * the renderers bundle), its color and, optionally, what it says to screen
 * readers (default: the value).
 */
export interface ColumnIcon {
  icon: string
  color?: string
  label?: string
}

/** An icon as the contracts carry it */
export interface IconContract {
  icon: string
  color: string
  label?: string
}

/**
 * The icons of a boolean icon column or entry.
 */
const BOOLEAN_ICONS: Record<string, ColumnIcon> = {
  true: { icon: 'check-circle', color: 'success' },
  false: { icon: 'x-circle', color: 'danger' },
}

/**
 * A boolean as drivers store it (SQLite and MySQL give 1/0, PostgreSQL
 * `t`/`f` in raw queries) cast to true/false; anything else unchanged.
 */
export function castBoolean<Value>(value: Value): Value | boolean {
  if (value === 1 || value === '1' || value === 'true' || value === 't') {
    return true
  }
  if (value === 0 || value === '0' || value === 'false' || value === 'f') {
    return false
  }
  return value
}

/**
 * The value-to-icon map shared by `IconColumn` and `IconEntry`: a check
 * and a cross for booleans until `icons()` maps values, `trueIcon()` and
 * `falseIcon()` replacing the boolean ones.
 */
export class IconSet {
  #icons: Record<string, ColumnIcon> | null = null

  /**
   * Map values to icons (a name alone, or an icon with color and label).
   */
  map(icons: Record<string, ColumnIcon | string>) {
    this.#icons = Object.fromEntries(
      Object.entries(icons).map(([value, icon]) => [
        value,
        typeof icon === 'string' ? { icon } : { ...icon },
      ])
    )
  }

  /**
   * Replace the icon of one value (`true` or `false`).
   */
  set(value: 'true' | 'false', icon: string, color: string) {
    this.#icons = { ...(this.#icons ?? BOOLEAN_ICONS), [value]: { icon, color } }
  }

  /**
   * The icons as the contracts carry them (color `gray` when none).
   */
  toContract(): Record<string, IconContract> {
    return Object.fromEntries(
      Object.entries(this.#icons ?? BOOLEAN_ICONS).map(([value, icon]) => [
        value,
        {
          icon: icon.icon,
          color: icon.color ?? 'gray',
          ...(icon.label ? { label: icon.label } : {}),
        },
      ])
    )
  }

  /**
   * The icon of one value, or null (a null value, or a value without icon).
   */
  iconFor(value: unknown): IconContract | null {
    if (value === null || value === undefined) {
      return null
    }
    return this.toContract()[String(value)] ?? null
  }
}
