import { Column } from 'adonis-kit'
import type { RatingColumnContract } from './contracts.ts'
import { assertStars } from './rating.ts'

/**
 * A column drawing its value as stars (the value's text is its accessible
 * name: "3 stars out of 5").
 *
 * @example
 * ```ts
 * RatingColumn.make('score').stars(5).sortable()
 * ```
 */
export class RatingColumn extends Column {
  #stars = 5

  /**
   * How many stars the column draws (2 to 10).
   */
  stars(count: number): this {
    this.#stars = assertStars(count, `RatingColumn "${this.name}"`)
    return this
  }

  toContract(): RatingColumnContract {
    return { ...super.toContract(), type: 'rating', stars: this.#stars }
  }
}
