import { defineComponent, h, type PropType } from 'vue'
import { ColorPicker, parseColor } from '@ark-ui/vue/color-picker'
import type { ColorPickerContract, FormValue } from '../../renderers/types.ts'
import { useText } from '../text.ts'
import { colorSliderLabels, pickedColor } from '../../renderers/shared.ts'
import { part } from './field_props.ts'

function parsed(value: unknown) {
  try {
    return typeof value === 'string' && value ? parseColor(value) : undefined
  } catch {
    return undefined
  }
}

/**
 * A color picker (Ark UI ColorPicker): a hex input, a swatch that opens
 * an area and a hue slider. Loaded on demand: the form draws
 * `ColorPickerFallback` meanwhile.
 */
export const ColorPickerField = defineComponent({
  name: 'KitColorPickerField',
  props: {
    id: { type: String, required: true },
    field: { type: Object as PropType<ColorPickerContract>, required: true },
    value: { type: [String, Number, Boolean, Array, null] as PropType<FormValue>, default: null },
    invalid: { type: Boolean, default: false },
    describedBy: { type: String, default: undefined },
  },
  emits: { change: (_value: FormValue) => true },
  setup(props, { emit }) {
    const t = useText()
    /* whether the person typed or moved a slider since the last change */
    let chosen = false
    const choose = () => {
      chosen = true
    }
    return () => {
      const { id, field, describedBy } = props
      return h(
        part(ColorPicker.Root),
        {
          class: 'kit-color-picker',
          ids: { hiddenInput: `${id}-value` },
          name: field.name,
          modelValue: parsed(props.value),
          format: 'rgba',
          disabled: field.disabled,
          readOnly: field.readOnly,
          invalid: props.invalid,
          onValueChangeEnd: (details: { value: { toString(format: string): string } }) => {
            const picked = pickedColor(details.value.toString('hex'), props.value, chosen)
            chosen = false
            if (picked !== undefined) emit('change', picked)
          },
        },
        () => [
          h(part(ColorPicker.Control), { class: 'kit-color-picker-control' }, () => [
            h(part(ColorPicker.ChannelInput), {
              'id': id,
              'channel': 'hex',
              'class': 'kit-color-picker-input',
              'aria-describedby': describedBy,
              'placeholder': field.placeholder ?? undefined,
              'onInput': choose,
            }),
            h(
              part(ColorPicker.Trigger),
              { 'class': 'kit-color-picker-trigger', 'aria-label': t('form.color.pick') },
              () => [h(part(ColorPicker.ValueSwatch), { class: 'kit-color-swatch' })]
            ),
          ]),
          h(part(ColorPicker.Positioner), null, () => [
            h(
              part(ColorPicker.Content),
              { class: 'kit-color-picker-content', onPointerdown: choose, onKeydown: choose },
              () => [
                /* the sliders speak the panel's language */
                h(part(ColorPicker.Context), null, {
                  default: (picker: { value: Parameters<typeof colorSliderLabels>[0] }) => {
                    const labels = colorSliderLabels(picker.value, t)
                    return [
                      h(part(ColorPicker.Area), { class: 'kit-color-area' }, () => [
                        h(part(ColorPicker.AreaBackground), { class: 'kit-color-area-background' }),
                        h(part(ColorPicker.AreaThumb), {
                          class: 'kit-color-thumb',
                          ...labels.area,
                        }),
                      ]),
                      h(
                        part(ColorPicker.ChannelSlider),
                        { channel: 'hue', class: 'kit-color-slider' },
                        () => [
                          h(part(ColorPicker.ChannelSliderTrack), {
                            class: 'kit-color-slider-track',
                          }),
                          h(part(ColorPicker.ChannelSliderThumb), {
                            class: 'kit-color-thumb',
                            ...labels.hue,
                          }),
                        ]
                      ),
                    ]
                  },
                }),
              ]
            ),
          ]),
          h(part(ColorPicker.HiddenInput), { 'aria-label': field.label }),
        ]
      )
    }
  },
})
