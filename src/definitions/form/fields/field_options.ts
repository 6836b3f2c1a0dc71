/**
 * Options of a radio or a checkbox list: a map of value to label, or a list
 * of values (each its own label).
 */
export type FieldOptions = Record<string, string> | string[]

/**
 * The options as value and label pairs, in declaration order.
 */
export function optionList(options: FieldOptions): { value: string; label: string }[] {
  return Array.isArray(options)
    ? options.map((value) => ({ value, label: value }))
    : Object.entries(options).map(([value, label]) => ({ value, label }))
}

/**
 * A JSON list stored as text (or already parsed): the list, or null.
 */
export function storedList(value: unknown): (string | number)[] | null {
  let list = value
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value)
    } catch {
      return null
    }
  }
  if (!Array.isArray(list)) {
    return null
  }
  return list.filter(
    (entry): entry is string | number => typeof entry === 'string' || typeof entry === 'number'
  )
}
