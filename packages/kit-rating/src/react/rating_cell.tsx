import { StarIcon } from '@heroicons/react/20/solid'
import { useText, type CellProps } from 'adonis-kit/react'
import type { RatingColumnContract } from '../contracts.ts'
import { STAR_OFF, STAR_ON, starsOf } from '../stars.ts'

/**
 * A rating cell: the stars, named by their text ("3 stars out of 5").
 */
export default function RatingCell({ column, row }: CellProps<RatingColumnContract>) {
  const t = useText()
  const value = starsOf(row.values[column.name], column.stars)
  const label = value ? t('rating.value', { count: value, max: column.stars }) : t('rating.none')
  return (
    <span
      className="kit-rating-cell"
      role="img"
      aria-label={label}
      title={label}
      data-rating={value}
      style={{ display: 'inline-flex', gap: '0.0625rem' }}
    >
      {Array.from({ length: column.stars }, (_, index) => (
        <StarIcon
          key={index}
          aria-hidden="true"
          width={16}
          height={16}
          style={{ color: index < value ? STAR_ON : STAR_OFF }}
        />
      ))}
    </span>
  )
}
