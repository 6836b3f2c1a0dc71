import { DateTime } from 'luxon'
import type { DatePickerContract, SerializableValue } from '../../../contracts/main.ts'
import { Field, type FieldValueFormat } from './field.ts'

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

  valueFormat(): FieldValueFormat {
    return 'date'
  }

  /**
   * Hook: a day (`yyyy-MM-dd`) that exists, or nothing.
   */
  queryValue(raw: string | string[]): string | undefined {
    return typeof raw === 'string' &&
      /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(raw) &&
      DateTime.fromISO(raw).isValid
      ? raw
      : undefined
  }

  toContract(): DatePickerContract {
    return { type: 'date', name: this.name, label: this.getLabel(), required: this.isRequired() }
  }
}

/**
 * A date-and-time input; its value travels as ISO 8601.
 */
export class DateTimePicker extends Field {
  valueFormat(): FieldValueFormat {
    return 'dateTime'
  }

  /**
   * Hook: a valid ISO 8601 date and time, or nothing.
   */
  queryValue(raw: string | string[]): string | undefined {
    return typeof raw === 'string' &&
      /^[0-9]{4}-[0-9]{2}-[0-9]{2}T/.test(raw) &&
      DateTime.fromISO(raw).isValid
      ? raw
      : undefined
  }

  toContract(): DatePickerContract {
    return {
      type: 'datetime',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
    }
  }
}
