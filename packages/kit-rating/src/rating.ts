import { Field, errors, translate, type PreparedValue } from 'adonis-kit'
import type { RatingFieldContract } from './contracts.ts'

/**
 * The number of stars a rating offers: an integer from 2 to 10.
 */
export function assertStars(count: unknown, where: string): number {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 2 || count > 10) {
    throw new errors.KitConfigurationException(
      `${where}: stars(${JSON.stringify(count)}) must be an integer from 2 to 10`
    )
  }
  return count
}

/**
 * A star rating: an integer from 1 to `stars()` (default 5), or null when
 * not rated. Drawn with Ark UI's RatingGroup (arrow keys, Home and End),
 * and checked on the server before the Rules class sees it: anything but
 * an integer in range (`"3"` from a form counts) is a field error, and the
 * record is left unchanged.
 *
 * @example
 * ```ts
 * Rating.make('score').stars(5).required()
 * ```
 */
export class Rating extends Field {
  #stars = 5

  /**
   * How many stars the field offers (2 to 10).
   */
  stars(count: number): this {
    this.#stars = assertStars(count, `Rating "${this.name}"`)
    return this
  }

  getStars(): number {
    return this.#stars
  }

  /**
   * The stored value as an integer (a database may return a string).
   */
  formValue(value: unknown) {
    if (value === null || value === undefined || value === '') return null
    const number = Number(value)
    return Number.isInteger(number) ? number : null
  }

  /**
   * Hook: an integer from 1 to the number of stars; empty is null.
   */
  prepareInput(value: unknown): PreparedValue {
    if (value === null || value === undefined || value === '') {
      return { value: null }
    }
    const number =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value)
          ? Number(value)
          : Number.NaN
    if (!Number.isInteger(number) || number < 1 || number > this.#stars) {
      return { error: translate('rating.error.range', { max: this.#stars }), rule: 'rating' }
    }
    return { value: number }
  }

  toContract(): RatingFieldContract {
    return {
      type: 'rating',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      stars: this.#stars,
    }
  }
}
