/**
 * Relation permissions of the test application, granted per user by the
 * tests: `<relation>.<operation>` or `<relation>.*`. Without a grant every
 * relation operation is denied (the managers are fail-closed).
 */
export const relationGrants = new Map<number, Set<string>>()

/**
 * Grant relation operations to a user.
 */
export function grant(user: { id: number }, ...entries: string[]) {
  const set = relationGrants.get(user.id) ?? new Set()
  for (const entry of entries) set.add(entry)
  relationGrants.set(user.id, set)
}

/**
 * Whether a user holds a relation operation.
 */
export function granted(relation: string, operation: string, user: Record<string, any> | null) {
  const set = user ? relationGrants.get(user.id) : undefined
  return set?.has(`${relation}.${operation}`) === true || set?.has(`${relation}.*`) === true
}
