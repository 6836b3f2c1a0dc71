/*
 * kit-rating/react
 *
 * Registers the rating field and column with the kit's React renderer.
 * Import it once next to `createInertiaApp()`; the components themselves
 * (and Ark UI's RatingGroup) load on demand, the first time a page draws a
 * rating.
 */

import { lazy, Suspense } from 'react'
import { registerKitComponents, type CellProps, type FieldControlProps } from 'adonis-kit/react'
import type { RatingColumnContract, RatingFieldContract } from '../contracts.ts'

const LazyRatingField = lazy(() => import('./rating_field.tsx'))
const LazyRatingCell = lazy(() => import('./rating_cell.tsx'))

/**
 * The rating field, loaded on demand.
 */
export function RatingField(props: FieldControlProps<RatingFieldContract>) {
  return (
    <Suspense fallback={<span className="kit-rating" aria-busy="true" />}>
      <LazyRatingField {...props} />
    </Suspense>
  )
}

/**
 * The rating cell, loaded on demand.
 */
export function RatingCell(props: CellProps<RatingColumnContract>) {
  return (
    <Suspense fallback={<span className="kit-rating-cell" aria-busy="true" />}>
      <LazyRatingCell {...props} />
    </Suspense>
  )
}

registerKitComponents({ fields: { rating: RatingField }, columns: { rating: RatingCell } })
