/*
 * kit-rating
 *
 * A star rating for adonis-kit: the `Rating` field, the `RatingColumn`, the
 * `RatingFilter` ("at least N stars") and the plugin that brings their
 * words. Components: `kit-rating/react`, `kit-rating/vue`.
 */

export { Rating } from './src/rating.ts'
export { RatingColumn } from './src/rating_column.ts'
export { RatingFilter } from './src/rating_filter.ts'
export { ratingPlugin } from './src/plugin.ts'
export { translations } from './src/translations.ts'
export type { RatingColumnContract, RatingFieldContract } from './src/contracts.ts'
