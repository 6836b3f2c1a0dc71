import { KitConfigurationException } from './errors.ts'

/**
 * Refuse a name declared twice in one list: `<describe(name)> is declared
 * twice`. The one uniqueness check of columns, filters, actions, bulk
 * actions, form fields, tabs and widgets.
 */
export function assertUnique<T>(
  items: T[],
  nameOf: (item: T) => string,
  describe: (name: string) => string
) {
  const seen = new Set<string>()
  for (const item of items) {
    const name = nameOf(item)
    if (seen.has(name)) {
      throw new KitConfigurationException(`${describe(name)} is declared twice`)
    }
    seen.add(name)
  }
}
