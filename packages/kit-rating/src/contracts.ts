/*
 * kit-rating
 *
 * The contracts the rating field and column send, added to the kit's
 * families by module augmentation: both renderers must then register a
 * component for them (`registerKitComponents`), which this package's
 * `kit-rating/react` and `kit-rating/vue` entries do.
 */

import type { BaseColumnContract, FieldAffordancesContract } from 'adonis-kit/contracts'

/**
 * A rating field: 1 to `stars` stars (null: not rated).
 */
export interface RatingFieldContract extends FieldAffordancesContract {
  type: 'rating'
  name: string
  label: string
  required: boolean
  /** How many stars the field offers */
  stars: number
}

/**
 * A rating column: the value drawn as `stars` stars.
 */
export interface RatingColumnContract extends BaseColumnContract {
  type: 'rating'
  stars: number
}

declare module 'adonis-kit/contracts' {
  interface KitFieldContracts {
    rating: RatingFieldContract
  }
  interface KitColumnContracts {
    rating: RatingColumnContract
  }
}
