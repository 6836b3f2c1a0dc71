import { ColorPicker, parseColor } from '@ark-ui/react/color-picker'
import type { ColorPickerContract } from '../../renderers/types.ts'
import { useRef } from 'react'
import { colorSliderLabels, pickedColor } from '../../renderers/shared.ts'
import { useText } from '../text.tsx'
import type { ControlProps } from './field_props.ts'

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
export function ColorPickerField({
  id,
  field,
  value,
  invalid,
  describedBy,
  onChange,
}: ControlProps<ColorPickerContract>) {
  const t = useText()
  /* whether the person typed or moved a slider since the last change */
  const chosen = useRef(false)
  const choose = () => {
    chosen.current = true
  }
  return (
    <ColorPicker.Root
      className="kit-color-picker"
      ids={{ hiddenInput: `${id}-value` }}
      name={field.name}
      value={parsed(value)}
      format="rgba"
      disabled={field.disabled}
      readOnly={field.readOnly}
      invalid={invalid}
      onValueChangeEnd={(details) => {
        const picked = pickedColor(details.value.toString('hex'), value, chosen.current)
        chosen.current = false
        if (picked !== undefined) onChange(picked)
      }}
    >
      <ColorPicker.Control className="kit-color-picker-control">
        <ColorPicker.ChannelInput
          id={id}
          channel="hex"
          className="kit-color-picker-input"
          aria-describedby={describedBy}
          placeholder={field.placeholder ?? undefined}
          onInput={choose}
        />
        <ColorPicker.Trigger className="kit-color-picker-trigger" aria-label={t('form.color.pick')}>
          <ColorPicker.ValueSwatch className="kit-color-swatch" />
        </ColorPicker.Trigger>
      </ColorPicker.Control>
      <ColorPicker.Positioner>
        <ColorPicker.Content
          className="kit-color-picker-content"
          onPointerDown={choose}
          onKeyDown={choose}
        >
          {/* the sliders speak the panel's language */}
          <ColorPicker.Context>
            {(picker) => {
              const labels = colorSliderLabels(picker.value, t)
              return (
                <>
                  <ColorPicker.Area className="kit-color-area">
                    <ColorPicker.AreaBackground className="kit-color-area-background" />
                    <ColorPicker.AreaThumb className="kit-color-thumb" {...labels.area} />
                  </ColorPicker.Area>
                  <ColorPicker.ChannelSlider channel="hue" className="kit-color-slider">
                    <ColorPicker.ChannelSliderTrack className="kit-color-slider-track" />
                    <ColorPicker.ChannelSliderThumb className="kit-color-thumb" {...labels.hue} />
                  </ColorPicker.ChannelSlider>
                </>
              )
            }}
          </ColorPicker.Context>
        </ColorPicker.Content>
      </ColorPicker.Positioner>
      <ColorPicker.HiddenInput aria-label={field.label} />
    </ColorPicker.Root>
  )
}
