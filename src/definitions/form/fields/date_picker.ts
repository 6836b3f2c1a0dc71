import { DateTime } from 'luxon'
import type { DatePickerContract, SerializableValue } from '../../../contracts/main.ts'
import { Field } from './field.ts'

/**
 * A date input; its value travels as `yyyy-MM-dd`.
 */
export class DatePicker extends Field {
  formValue(value: unknown): SerializableValue | undefined {
    if (DateTime.isDateTime(value)) {
      return value.isValid ? value.toISODate() : null
    }
    return undefined
  }

  toContract(): DatePickerContract {
    return { type: 'date', name: this.name, label: this.getLabel(), required: this.isRequired() }
  }
}

/**
 * A date-and-time input; its value travels as ISO 8601.
 */
export class DateTimePicker extends Field {
  toContract(): DatePickerContract {
    return {
      type: 'datetime',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
    }
  }
}
