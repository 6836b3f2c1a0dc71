import { Resource, TextColumn, TextInput, type Form, type Table } from 'adonis-kit'
import { Rating, RatingColumn, RatingFilter } from 'kit-rating'
import Review from '../models/review.ts'
import { taxonomy } from '../clusters/taxonomy.ts'
import ReviewRules from '../rules/review_rules.ts'

/**
 * Reviews: a field, a column and a filter of the kit-rating plugin
 * (packages/kit-rating), installed and registered as an application does.
 */
export default class ReviewResource extends Resource<typeof Review> {
  model = Review
  label = { en: 'Review', fr: 'Avis' }
  pluralLabel = { en: 'Reviews', fr: 'Avis' }
  navigationIcon = 'heroicon-o-star'
  navigationCluster = taxonomy
  policy = () => import('../policies/editor_policy.ts')

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('title').label({ en: 'Title', fr: 'Titre' }).searchable().sortable(),
        RatingColumn.make('score').label({ en: 'Score', fr: 'Note' }).stars(5).sortable(),
      ])
      .filters([RatingFilter.make('score').label({ en: 'Score', fr: 'Note' }).stars(5)])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('title').label({ en: 'Title', fr: 'Titre' }).required().maxLength(120),
      Rating.make('score').label({ en: 'Score', fr: 'Note' }).stars(5),
    ])
  }

  validation() {
    return ReviewRules
  }
}
