import { h, type VNode } from 'vue'
import { ColorPicker, parseColor } from '@ark-ui/vue/color-picker'
import type { ColorPickerContract } from '../../renderers/types.ts'
import type { KitText } from '../../renderers/text.ts'
import { part, type ControlProps } from './field_props.ts'

function parsed(value: unknown) {
  try {
    return typeof value === 'string' && value ? parseColor(value) : undefined
  } catch {
    return undefined
  }
}

/**
 * A color picker (Ark UI ColorPicker): a hex input, a swatch that opens
 * an area and a hue slider.
 */
export function colorPickerField(
  { id, field, value, invalid, describedBy, onChange }: ControlProps<ColorPickerContract>,
  t: KitText
): VNode {
  return h(
    part(ColorPicker.Root),
    {
      class: 'kit-color-picker',
      ids: { hiddenInput: `${id}-value` },
      name: field.name,
      modelValue: parsed(value),
      format: 'rgba',
      disabled: field.disabled,
      readOnly: field.readOnly,
      invalid,
      onValueChangeEnd: (details: { value: { toString(format: string): string } }) =>
        onChange(details.value.toString('hex').toLowerCase()),
    },
    () => [
      h(part(ColorPicker.Control), { class: 'kit-color-picker-control' }, () => [
        h(part(ColorPicker.ChannelInput), {
          'id': id,
          'channel': 'hex',
          'class': 'kit-color-picker-input',
          'aria-describedby': describedBy,
          'placeholder': field.placeholder ?? undefined,
        }),
        h(
          part(ColorPicker.Trigger),
          { 'class': 'kit-color-picker-trigger', 'aria-label': t('form.color.pick') },
          () => [h(part(ColorPicker.ValueSwatch), { class: 'kit-color-swatch' })]
        ),
      ]),
      h(part(ColorPicker.Positioner), null, () => [
        h(part(ColorPicker.Content), { class: 'kit-color-picker-content' }, () => [
          h(part(ColorPicker.Area), { class: 'kit-color-area' }, () => [
            h(part(ColorPicker.AreaBackground), { class: 'kit-color-area-background' }),
            h(part(ColorPicker.AreaThumb), { class: 'kit-color-thumb' }),
          ]),
          h(part(ColorPicker.ChannelSlider), { channel: 'hue', class: 'kit-color-slider' }, () => [
            h(part(ColorPicker.ChannelSliderTrack), { class: 'kit-color-slider-track' }),
            h(part(ColorPicker.ChannelSliderThumb), { class: 'kit-color-thumb' }),
          ]),
        ]),
      ]),
      h(part(ColorPicker.HiddenInput), { 'aria-label': field.label }),
    ]
  )
}
