import { definePlugin } from 'adonis-kit'
import { translations } from './translations.ts'

/**
 * The rating plugin: hand it to a panel (`panel('admin').plugin(ratingPlugin)`)
 * for its English and French words; import `kit-rating/react` or
 * `kit-rating/vue` once in the application's frontend for its components.
 */
export const ratingPlugin = definePlugin({
  name: 'rating',
  locales: ['en', 'fr'],
  translations,
  components: { fields: ['rating'], columns: ['rating'] },
})
