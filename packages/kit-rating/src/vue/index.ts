/*
 * kit-rating/vue
 *
 * Registers the rating field and column with the kit's Vue renderer.
 * Import it once next to `createInertiaApp()`; the components themselves
 * (and Ark UI's RatingGroup) load on demand, the first time a page draws a
 * rating.
 */

import { defineAsyncComponent, type Component } from 'vue'
import { registerKitComponents } from 'adonis-kit/vue'

/**
 * The rating field, loaded on demand.
 */
export const RatingField: Component = defineAsyncComponent(() => import('./rating_field.ts'))

/**
 * The rating cell, loaded on demand.
 */
export const RatingCell: Component = defineAsyncComponent(() => import('./rating_cell.ts'))

registerKitComponents({ fields: { rating: RatingField }, columns: { rating: RatingCell } })
