import { KitConfigurationException } from './errors.ts'

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
 * Route parameters of the kit's own routes (pages, endpoints, relation
 * managers): a tenant or parent parameter may not take their names.
 */
export const KIT_ROUTE_PARAMETERS = [
  'record',
  'action',
  'column',
  'field',
  'option',
  'relation',
  'related',
  'chooser',
]

/**
 * Check a route parameter name an application chooses (the tenant's, a
 * parent's): a letter, then letters, digits or `_`, and none of the kit's
 * own parameters nor of `reserved`. Refused at boot with a message naming
 * `where` and `what` (`tenant`, `parent`).
 */
export function assertRouteParameter(
  parameter: unknown,
  where: string,
  what: string,
  reserved: string[] = []
): asserts parameter is string {
  const taken = [...KIT_ROUTE_PARAMETERS, ...reserved]
  if (
    typeof parameter !== 'string' ||
    !/^[a-zA-Z][a-zA-Z0-9_]*$/.test(parameter) ||
    taken.includes(parameter)
  ) {
    throw new KitConfigurationException(
      `${where}: ${JSON.stringify(parameter)} cannot name the ${what} route parameter (a letter, then letters, digits or "_"; not one of ${taken.join(', ')})`
    )
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

/**
 * Whether a string holds control characters (CR, LF, NUL, DEL...).
 */
export function hasControlCharacter(value: string): boolean {
  return [...value].some((character) => {
    const code = character.codePointAt(0)!
    return code < 32 || code === 127
  })
}

/**
 * Whether a value is a same-origin path: `/` followed by anything but a
 * second slash or a backslash (`//evil.test` and `/\evil.test` are
 * protocol-relative for browsers), without control characters.
 */
export function isSafePath(url: unknown): url is string {
  return (
    typeof url === 'string' &&
    url.startsWith('/') &&
    !url.startsWith('//') &&
    !url.startsWith('/\\') &&
    !url.includes('\\') &&
    !hasControlCharacter(url)
  )
}

/**
 * The safe-URL policy of action and link URLs: a same-origin path or an
 * absolute http(s) URL. `javascript:`, `data:`, protocol-relative URLs and
 * anything holding control characters are refused.
 */
export function isSafeUrl(url: unknown): url is string {
  if (typeof url !== 'string') {
    return false
  }
  const value = url.trim()
  if (value !== url || hasControlCharacter(value)) {
    return false
  }
  if (isSafePath(value)) {
    return true
  }
  return /^https?:\/\/[^/\\\s@]+(?:[/?#][^\\]*)?$/i.test(value)
}

/**
 * Refuse, at configuration time, an action or link URL that the safe-URL
 * policy does not accept.
 */
export function assertSafeUrl(url: unknown, where: string): asserts url is string {
  if (!isSafeUrl(url)) {
    throw new KitConfigurationException(
      `${where}: URL ${JSON.stringify(url)} is refused (only paths and http(s) URLs are allowed)`
    )
  }
}

/**
 * The redirect policy: a redirect target must be a same-origin path, or an
 * absolute http(s) URL of the request's own origin (returned as its path).
 * Anything else (`javascript:`, protocol-relative, another origin) gives the
 * fallback path.
 */
export function safeRedirectTarget(url: unknown, origin: string | null, fallback: string): string {
  if (isSafePath(url)) {
    return url
  }
  if (typeof url === 'string' && origin && isSafeUrl(url)) {
    try {
      const parsed = new URL(url)
      if (parsed.origin === new URL(origin).origin) {
        return `${parsed.pathname}${parsed.search}${parsed.hash}`
      }
    } catch {
      /* not a URL: fall back */
    }
  }
  return isSafePath(fallback) ? fallback : '/'
}
