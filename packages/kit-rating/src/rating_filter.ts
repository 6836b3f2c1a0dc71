import type { LucidModel } from '@adonisjs/lucid/types/model'
import { BaseFilter, Filter, type FormFilterData } from 'adonis-kit'
import { Rating } from './rating.ts'
import { translations } from './translations.ts'

/**
 * "At least N stars": a form filter whose one field is a rating (`min`);
 * it keeps the rows whose value is N or more
 * (`filters[score][min]=4`). A value out of range is ignored.
 *
 * @example
 * ```ts
 * RatingFilter.make('score').stars(5)
 * ```
 */
export class RatingFilter extends Filter {
  constructor(name: string) {
    super(name)
    this.stars(5)
  }

  /**
   * How many stars the filter's rating offers (2 to 10).
   */
  stars(count: number): this {
    return this.form([
      Rating.make('min')
        .stars(count)
        .label({ en: translations.en['rating.atLeast'], fr: translations.fr['rating.atLeast'] }),
    ])
  }

  /**
   * The rows rated `min` or more.
   */
  apply(query: any, column: string, data: FormFilterData, _model: LucidModel) {
    if (typeof data.min === 'number') {
      query.where(column, '>=', data.min)
    }
  }

  /**
   * Its attribute must be a visible column of the model (the check of
   * every filter comparing an attribute), not the form's field names.
   */
  problem(model: LucidModel): string | null {
    return BaseFilter.prototype.problem.call(this, model)
  }
}
