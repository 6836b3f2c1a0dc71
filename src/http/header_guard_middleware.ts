import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * What Node.js refuses in a header value (`ERR_INVALID_CHAR`): control
 * characters other than tab, and anything above U+00FF.
 */
const INVALID_HEADER_CHAR = /[^\t\x20-\x7e\x80-\xff]/

/**
 * Percent-encode every character Node.js would refuse in a header value.
 * Lone surrogates cannot be encoded and become `%EF%BF%BD` (U+FFFD).
 */
export function encodeHeaderValue(value: string): string {
  let encoded = ''
  for (const char of value) {
    if (!INVALID_HEADER_CHAR.test(char)) {
      encoded += char
      continue
    }
    try {
      encoded += encodeURIComponent(char)
    } catch {
      encoded += '%EF%BF%BD'
    }
  }
  return encoded
}

/**
 * Whether a header value would make Node.js throw when the response is written.
 */
export function isInvalidHeaderValue(value: unknown): boolean {
  if (Array.isArray(value)) {
    return value.some(isInvalidHeaderValue)
  }
  return typeof value === 'string' && INVALID_HEADER_CHAR.test(value)
}

/**
 * Server middleware that keeps a response from crashing the process.
 *
 * Some middleware copy the decoded request path into a header: the Inertia
 * middleware answers a stale or missing asset version with a 409 whose
 * `X-Inertia-Location` is the decoded path, so `GET /health%0A` or
 * `/admin/posts/%E4%B8%AD/edit` with `X-Inertia: true` puts a control
 * character or a character above U+00FF in a header. Node.js refuses it
 * when the response is written, outside any handler, and the process exits.
 *
 * Registered before the Inertia middleware (`node ace configure adonis-kit`
 * does it), it runs after it on the way out and percent-encodes every such
 * header value, which browsers and the Inertia client decode back.
 */
export default class HeaderGuardMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await next()
    const headers = ctx.response.getHeaders()
    for (const [name, value] of Object.entries(headers)) {
      if (!isInvalidHeaderValue(value)) {
        continue
      }
      ctx.response.header(
        name,
        Array.isArray(value)
          ? value.map((entry) => encodeHeaderValue(String(entry)))
          : encodeHeaderValue(String(value))
      )
    }
  }
}
