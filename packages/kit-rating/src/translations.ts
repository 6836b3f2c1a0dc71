/*
 * kit-rating
 *
 * The plugin's words, in English and French. Keys start with the plugin's
 * name (`rating.`); an application overrides them with `@adonisjs/i18n`
 * (`kit.rating.star` in `resources/lang/<locale>/kit.json`).
 */

export const translations = {
  en: {
    'rating.star': '{count, plural, one {# star} other {# stars}}',
    'rating.value': '{count, plural, one {# star} other {# stars}} out of {max}',
    'rating.none': 'Not rated',
    'rating.clear': 'Clear the rating',
    'rating.atLeast': 'At least',
    'rating.error.range': 'Choose between 1 and {max} stars',
  },
  fr: {
    'rating.star': '{count, plural, one {# étoile} other {# étoiles}}',
    'rating.value': '{count, plural, one {# étoile} other {# étoiles}} sur {max}',
    'rating.none': 'Pas de note',
    'rating.clear': 'Effacer la note',
    'rating.atLeast': 'Au moins',
    'rating.error.range': 'Choisissez entre 1 et {max} étoiles',
  },
}
