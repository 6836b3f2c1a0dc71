/**
 * A value kept only when it is a scalar (string, number, boolean) or a list
 * of strings and numbers (other entries of the list dropped); anything else
 * (objects, nested lists, undefined) becomes null. The form serializer
 * keeps flashed submitted values with it, the repeater its items' values.
 */
export function scalarValue(
  value: unknown
): string | number | boolean | null | (string | number)[] {
  if (Array.isArray(value)) {
    return value.filter(
      (entry): entry is string | number => typeof entry === 'string' || typeof entry === 'number'
    )
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value
  }
  return null
}
