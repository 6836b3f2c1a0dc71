import { RatingGroup } from '@ark-ui/react/rating-group'
import { StarIcon } from '@heroicons/react/20/solid'
import { useText, type FieldControlProps } from 'adonis-kit/react'
import type { RatingFieldContract } from '../contracts.ts'
import { STAR_OFF, STAR_ON, starsOf } from '../stars.ts'

/**
 * The rating control (Ark UI RatingGroup): a radio group of stars, set by
 * click or with the arrow keys, Home and End; an optional rating has a
 * button that clears it.
 */
export default function RatingField({
  id,
  field,
  value,
  invalid,
  describedBy,
  onChange,
}: FieldControlProps<RatingFieldContract>) {
  const t = useText()
  const current = starsOf(value, field.stars)
  return (
    <div className="kit-rating" style={{ display: 'flex', alignItems: 'center', gap: '0.75rem' }}>
      <RatingGroup.Root
        count={field.stars}
        value={current}
        name={field.name}
        ids={{ hiddenInput: id }}
        disabled={field.disabled}
        readOnly={field.readOnly}
        required={field.required}
        translations={{ ratingValueText: (index) => t('rating.star', { count: index }) }}
        onValueChange={(details) => onChange(details.value >= 1 ? details.value : null)}
      >
        <RatingGroup.Label className="kit-sr-only">{field.label}</RatingGroup.Label>
        <RatingGroup.Control
          className="kit-rating-control"
          style={{ display: 'flex', gap: '0.125rem' }}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        >
          <RatingGroup.Context>
            {({ items }) =>
              items.map((item) => (
                <RatingGroup.Item key={item} index={item} className="kit-rating-item">
                  <RatingGroup.ItemContext>
                    {(state) => (
                      <StarIcon
                        aria-hidden="true"
                        width={24}
                        height={24}
                        style={{ color: state.highlighted ? STAR_ON : STAR_OFF }}
                      />
                    )}
                  </RatingGroup.ItemContext>
                </RatingGroup.Item>
              ))
            }
          </RatingGroup.Context>
        </RatingGroup.Control>
        <RatingGroup.HiddenInput />
      </RatingGroup.Root>
      {current > 0 && !field.required && !field.disabled && !field.readOnly ? (
        <button type="button" className="kit-button-link" onClick={() => onChange(null)}>
          {t('rating.clear')}
        </button>
      ) : null}
    </div>
  )
}
