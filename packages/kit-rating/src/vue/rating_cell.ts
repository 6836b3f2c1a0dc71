import { h } from 'vue'
import { StarIcon } from '@heroicons/vue/20/solid'
import { renderComponent, useText, type CellProps } from 'adonis-kit/vue'
import type { RatingColumnContract } from '../contracts.ts'
import { STAR_OFF, STAR_ON, starsOf } from '../stars.ts'

/**
 * A rating cell: the stars, named by their text ("3 stars out of 5").
 */
export default renderComponent(({ column, row }: CellProps<RatingColumnContract>) => {
  const t = useText()
  const value = starsOf(row.values[column.name], column.stars)
  const label = value ? t('rating.value', { count: value, max: column.stars }) : t('rating.none')
  return h(
    'span',
    {
      'class': 'kit-rating-cell',
      'role': 'img',
      'aria-label': label,
      'title': label,
      'data-rating': value,
      'style': { display: 'inline-flex', gap: '0.0625rem' },
    },
    Array.from({ length: column.stars }, (_, index) =>
      /* a functional icon (aria-hidden already): only class and style fall through */
      h(StarIcon, {
        key: index,
        style: { width: '16px', height: '16px', color: index < value ? STAR_ON : STAR_OFF },
      })
    )
  )
})
