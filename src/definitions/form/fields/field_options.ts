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
