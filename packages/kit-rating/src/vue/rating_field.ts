import { h, type Component } from 'vue'
import { RatingGroup } from '@ark-ui/vue/rating-group'
import { StarIcon } from '@heroicons/vue/20/solid'
import { renderComponent, useText, type FieldControlProps } from 'adonis-kit/vue'
import type { RatingFieldContract } from '../contracts.ts'
import { STAR_OFF, STAR_ON, starsOf } from '../stars.ts'

const part = (component: unknown) => component as Component

/**
 * The rating control (Ark UI RatingGroup): a radio group of stars, set by
 * click or with the arrow keys, Home and End; an optional rating has a
 * button that clears it.
 */
export default renderComponent((props: FieldControlProps<RatingFieldContract>) => {
  const t = useText()
  const { id, field, invalid, describedBy, onChange } = props
  const current = starsOf(props.value, field.stars)
  return h(
    'div',
    { class: 'kit-rating', style: { display: 'flex', alignItems: 'center', gap: '0.75rem' } },
    [
      h(
        part(RatingGroup.Root),
        {
          'count': field.stars,
          'modelValue': current,
          'name': field.name,
          'ids': { hiddenInput: id },
          'disabled': field.disabled,
          'readOnly': field.readOnly,
          'required': field.required,
          'translations': {
            ratingValueText: (index: number) => t('rating.star', { count: index }),
          },
          'onUpdate:modelValue': (value: number) => onChange(value >= 1 ? value : null),
        },
        () => [
          h(part(RatingGroup.Label), { class: 'kit-sr-only' }, () => field.label),
          h(
            part(RatingGroup.Control),
            {
              'class': 'kit-rating-control',
              'style': { display: 'flex', gap: '0.125rem' },
              'aria-describedby': describedBy,
              'aria-invalid': invalid || undefined,
            },
            () =>
              h(part(RatingGroup.Context), null, {
                default: ({ items }: { items: number[] }) =>
                  items.map((item) =>
                    h(
                      part(RatingGroup.Item),
                      { key: item, index: item, class: 'kit-rating-item' },
                      () =>
                        h(part(RatingGroup.ItemContext), null, {
                          default: (state: { highlighted: boolean }) =>
                            /* a functional icon: only class and style fall through */
                            h(StarIcon, {
                              style: {
                                width: '24px',
                                height: '24px',
                                color: state.highlighted ? STAR_ON : STAR_OFF,
                              },
                            }),
                        })
                    )
                  ),
              })
          ),
          h(part(RatingGroup.HiddenInput)),
        ]
      ),
      current > 0 && !field.required && !field.disabled && !field.readOnly
        ? h(
            'button',
            { type: 'button', class: 'kit-button-link', onClick: () => onChange(null) },
            t('rating.clear')
          )
        : null,
    ]
  )
})
