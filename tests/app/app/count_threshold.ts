import { AUTO_COUNT_THRESHOLD } from '../../../src/definitions/table/count_strategy.ts'

/**
 * The `auto` count threshold of the posts and boards tables: the kit's
 * default, lowered by the count tests so that a few rows make a "large"
 * table (restore it with {@link resetCountThreshold}).
 */
export const countThreshold = { threshold: AUTO_COUNT_THRESHOLD }

export function resetCountThreshold() {
  countThreshold.threshold = AUTO_COUNT_THRESHOLD
}
