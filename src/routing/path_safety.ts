import { KitConfigurationException } from '../errors.ts'

const SEGMENT = /^(?::record|[A-Za-z0-9][A-Za-z0-9._~-]*)$/

/**
 * Check a page path template at registration: it starts with `/`, has no
 * traversal, empty segment or malformed percent-encoding, uses no other
 * placeholder than `:record`, and uses it exactly when the page needs a
 * record.
 */
export function assertSafePagePath(
  path: unknown,
  needsRecord: boolean,
  where: string
): asserts path is string {
  const fail = (reason: string): never => {
    throw new KitConfigurationException(`${where}: page path ${JSON.stringify(path)} ${reason}`)
  }

  if (typeof path !== 'string' || !path.startsWith('/')) {
    fail('must be a string starting with "/"')
  }
  const template = path as string
  if (template.includes('%')) {
    try {
      decodeURIComponent(template)
    } catch {
      fail('has malformed percent-encoding')
    }
    fail('must not be percent-encoded')
  }

  const segments = template === '/' ? [] : template.slice(1).replace(/\/$/, '').split('/')
  for (const segment of segments) {
    if (segment === '..' || segment === '.') {
      fail('must not contain traversal segments')
    }
    if (segment === '') {
      fail('must not contain empty segments')
    }
    if (!SEGMENT.test(segment)) {
      fail(
        `has an invalid segment "${segment}" (only letters, digits, "-", "_", "." and ":record")`
      )
    }
  }

  const placeholders = segments.filter((segment) => segment === ':record').length
  if (needsRecord && placeholders !== 1) {
    fail('must contain the ":record" placeholder exactly once')
  }
  if (!needsRecord && placeholders !== 0) {
    fail('must not contain ":record" (the page does not take a record)')
  }
}

/**
 * Join URL path parts into one normalized path.
 */
export function joinPath(...parts: string[]): string {
  const joined = parts
    .flatMap((part) => part.split('/'))
    .filter((segment) => segment.length > 0)
    .join('/')
  return `/${joined}`
}
