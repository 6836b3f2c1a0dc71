import { contextTranslator } from '../../../i18n/translator.ts'
import type { ColorPickerContract } from '../../../contracts/main.ts'
import { Field, type PreparedValue } from './field.ts'

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i

/**
 * A color picker; the value is a hex color (`#rgb`, `#rrggbb` or
 * `#rrggbbaa`), stored in lower case. Anything else is refused.
 *
 * @example
 * ```ts
 * ColorPicker.make('brandColor').default('#4f46e5')
 * ```
 */
export class ColorPicker extends Field {
  prepareInput(value: unknown): PreparedValue {
    if (value === null || value === undefined || value === '') {
      return { value: null }
    }
    if (typeof value !== 'string' || !HEX_COLOR.test(value.trim())) {
      return { error: contextTranslator().t('field.error.color'), rule: 'color' }
    }
    return { value: value.trim().toLowerCase() }
  }

  toContract(): ColorPickerContract {
    return {
      type: 'color',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
    }
  }
}
