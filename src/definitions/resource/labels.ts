import string from '@adonisjs/core/helpers/string'

/**
 * Most distinct inputs kept per helper; past it the cache starts over.
 */
const MAX_ENTRIES = 2000

function memoize(transform: (value: string) => string) {
  const cache = new Map<string, string>()
  return (value: string): string => {
    let result = cache.get(value)
    if (result === undefined) {
      if (cache.size >= MAX_ENTRIES) {
        cache.clear()
      }
      result = transform(value)
      cache.set(value, result)
    }
    return result
  }
}

/**
 * `string.sentenceCase()`, remembered per input: labels are derived from the
 * same declared names on every request.
 */
export const sentenceCase = memoize((value) => string.sentenceCase(value))

/**
 * `string.plural()`, remembered per input.
 */
export const plural = memoize((value) => string.plural(value))

/**
 * `string.dashCase()`, remembered per input.
 */
export const dashCase = memoize((value) => string.dashCase(value))
