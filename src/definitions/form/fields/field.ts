import { sentenceCase } from '../../resource/labels.ts'
import type { FormFieldContract, SerializableValue } from '../../../contracts/main.ts'
import { checkColumnSpan, type ColumnSpan } from '../layout/layout_component.ts'

/**
 * Base class of form fields: rendering only. The resource's Rules class
 * validates; a field adds server-side checks only where the spec asks
 * (select options).
 */
export abstract class Field {
  #label?: string
  #required = false
  #span: ColumnSpan | null = null

  constructor(
    /** Model property the field edits */
    readonly name: string
  ) {}

  /**
   * Create a field for a model property.
   */
  static make<T extends Field>(this: new (name: string) => T, name: string): T {
    return new this(name)
  }

  /**
   * Label shown next to the field (default: the property in sentence case).
   */
  label(label: string): this {
    this.#label = label
    return this
  }

  /**
   * Mark the field as required.
   */
  required(required = true): this {
    this.#required = required
    return this
  }

  /**
   * Width of the field in its grid: a number of columns or `'full'`.
   */
  columnSpan(span: ColumnSpan): this {
    this.#span = checkColumnSpan(span, `Field "${this.name}"`)
    return this
  }

  getColumnSpan() {
    return this.#span
  }

  getLabel() {
    return this.#label ?? sentenceCase(this.name)
  }

  isRequired() {
    return this.#required
  }

  /**
   * Value of the field on the create form.
   */
  defaultValue(): SerializableValue {
    return null
  }

  /**
   * Turn the record's attribute into the form value.
   */
  formValue(_value: unknown): SerializableValue | undefined {
    return undefined
  }

  /**
   * Serialize the field for the form contract.
   */
  abstract toContract(): FormFieldContract
}
