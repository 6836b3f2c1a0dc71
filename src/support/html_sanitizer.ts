import sanitizeHtml from 'sanitize-html'
import { Marked } from 'marked'

/**
 * The tags rich text may hold: what the editor's toolbar produces (bold,
 * italic, headings, lists, links, blockquotes, code) and nothing else.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  's',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'code',
  'pre',
  'hr',
]

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  /* no javascript:, data:, vbscript: or protocol-relative links */
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  /* script and style are dropped with their content */
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const attributes: Record<string, string> = {}
      if (attribs.href) {
        attributes.href = attribs.href
      }
      if (attribs.target === '_blank') {
        attributes.target = '_blank'
        attributes.rel = 'noopener noreferrer nofollow'
      }
      return { tagName, attribs: attributes }
    },
  },
}

/**
 * Sanitize rich text HTML against the allow-list: only the editor's tags,
 * links with http(s) or mailto targets, no attribute but `href` (and a
 * `_blank` target). Script and style elements, event handlers,
 * `javascript:` and `data:` URLs are removed. Whatever the input, the
 * output can be inserted into a page as HTML.
 *
 * @example
 * ```ts
 * sanitizeRichText('<p onclick="x()">Hi<script>alert(1)</script></p>') // '<p>Hi</p>'
 * ```
 */
export function sanitizeRichText(html: unknown): string | null {
  if (html === null || html === undefined) {
    return null
  }
  return sanitizeHtml(String(html), RICH_TEXT_OPTIONS)
}

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
}

/**
 * Remove every HTML tag from a text (script and style with their content),
 * keeping the text itself as typed: `a < b` stays `a < b`. Repeated until
 * nothing changes, so an escaped tag (`&lt;script&gt;`) cannot come back
 * as a tag.
 */
export function stripTags(text: string): string {
  let current = text
  for (let pass = 0; pass < 8; pass++) {
    const stripped = sanitizeHtml(current, {
      allowedTags: [],
      allowedAttributes: {},
      /* the first pass drops script and style with their content; later
         passes only remove the tags that decoding revealed */
      nonTextTags: pass === 0 ? ['script', 'style', 'noscript', 'iframe', 'object'] : [],
    }).replace(/&(?:lt|gt|amp|quot|#39|#x27);/g, (entity) => ENTITIES[entity])
    if (stripped === current) {
      return stripped
    }
    current = stripped
  }
  return current.replace(/[<>]/g, '')
}

/**
 * Sanitize Markdown source before it is stored: line endings as LF, raw HTML removed (the
 * Markdown syntax kept) and link targets that are not http(s), mailto,
 * a path or an anchor neutralized (`[x](javascript:alert(1))` becomes
 * `[x](#)`).
 */
export function sanitizeMarkdown(text: unknown): string | null {
  if (text === null || text === undefined) {
    return null
  }
  /* line endings as LF (multipart form data sends CRLF) */
  return stripTags(String(text).replace(/\r\n?/g, '\n')).replace(
    /(\]\(\s*|\]:\s*)([^)\s]*)/g,
    (match, prefix: string, target: string) => (isSafeLinkTarget(target) ? match : `${prefix}#`)
  )
}

/**
 * Whether a Markdown link target is safe: http(s), mailto, a relative path
 * or an anchor.
 */
function isSafeLinkTarget(target: string): boolean {
  const value = [...target]
    .filter((character) => character.codePointAt(0)! > 32)
    .join('')
    .toLowerCase()
  if (value === '' || value.startsWith('#') || value.startsWith('/') || value.startsWith('.')) {
    return !value.startsWith('//')
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(value)
  if (!scheme) {
    return true
  }
  return ['http', 'https', 'mailto'].includes(scheme[1])
}

/**
 * Marked with the kit's options: GitHub-flavoured Markdown, synchronous.
 * One instance of its own, so an application configuring the global
 * `marked` changes nothing here.
 */
const markdownParser = new Marked({ gfm: true, async: false })

/**
 * The longest Markdown source the kit renders (characters).
 */
export const MAX_MARKDOWN_LENGTH = 100_000

/**
 * Render Markdown as HTML on the server (with `marked`), then sanitize it
 * against the rich text allow-list: whatever the source holds (raw HTML, a
 * `<script>`, an `onerror=` attribute, a `javascript:` link), the output can
 * be inserted into a page. Null for a null value; a longer source than
 * {@link MAX_MARKDOWN_LENGTH} is cut there.
 *
 * @example
 * ```ts
 * renderMarkdown('**Hi** <script>alert(1)</script>') // '<p><strong>Hi</strong> </p>'
 * ```
 */
export function renderMarkdown(source: unknown): string | null {
  if (source === null || source === undefined) {
    return null
  }
  const text = String(source).slice(0, MAX_MARKDOWN_LENGTH).replace(/\r\n?/g, '\n')
  return sanitizeRichText(markdownParser.parse(text, { async: false }))
}
