import { localize, type LocalizedText } from '../../../i18n/localized.ts'
import type { OptionEntry } from '../../../support/option_entries.ts'
import { sentenceCase } from '../../resource/labels.ts'
import type {
  FieldAffordancesContract,
  FormFieldContract,
  SerializableValue,
} from '../../../contracts/main.ts'
import { FieldCondition, type ConditionTarget } from './field_condition.ts'
import { checkColumnSpan, type ColumnSpan } from '../layout/layout_component.ts'

/**
 * A field's value on the create form: a scalar or a list of scalars.
 */
export type FieldDefault = SerializableValue | (string | number)[]

/**
 * What a field may reject in the submitted input before the Rules class
 * sees it (a malformed value): the normalized value, or an error message.
 */
export type PreparedValue = { value: unknown } | { error: string; rule: string }

/**
 * Base class of form fields. The resource's Rules class validates; a field
 * adds the server-side checks of its own kind (select and list options,
 * colors, JSON) and the affordances every field has: helper text, hint,
 * placeholder, disabled, read-only and hidden states, a default, and
 * conditions on other fields' values.
 */
export abstract class Field {
  #label?: LocalizedText
  #required = false
  #helperText: string | null = null
  #hint: string | null = null
  #placeholder: string | null = null
  #disabled = false
  #readOnly = false
  #hidden = false
  #default: FieldDefault | undefined
  #visibleWhen: FieldCondition[] = []
  #requiredWhen: FieldCondition[] = []
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
  label(label: LocalizedText): this {
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
   * Text shown under the field.
   */
  helperText(text: string): this {
    this.#helperText = text
    return this
  }

  /**
   * Short text shown next to the label.
   */
  hint(text: string): this {
    this.#hint = text
    return this
  }

  /**
   * Placeholder of the input.
   */
  placeholder(text: string): this {
    this.#placeholder = text
    return this
  }

  /**
   * Draw the field disabled. The server never writes a disabled field,
   * even when a request posts it.
   */
  disabled(disabled = true): this {
    this.#disabled = disabled
    return this
  }

  /**
   * Show the value without letting it change. The server never writes a
   * read-only field, even when a request posts it.
   */
  readOnly(readOnly = true): this {
    this.#readOnly = readOnly
    return this
  }

  /**
   * Leave the field out of the form: not rendered, and never written.
   */
  hidden(hidden = true): this {
    this.#hidden = hidden
    return this
  }

  /**
   * Value of the field on the create form.
   */
  default(value: FieldDefault): this {
    this.#default = value
    return this
  }

  /**
   * Show the field only while another field has this value (one of these
   * values, or a function of all the values returns true). The server
   * evaluates it on submit too: a field that is not visible for the
   * submitted values is neither validated nor written.
   *
   * @example
   * ```ts
   * TextInput.make('company').visibleWhen('plan', ['team', 'business'])
   * TextInput.make('vatNumber').visibleWhen('country', (values) => values.country !== 'US')
   * ```
   */
  visibleWhen(field: string, target: ConditionTarget): this {
    this.#visibleWhen.push(new FieldCondition(field, target))
    return this
  }

  /**
   * Require the field while another field has this value. The server adds
   * a `required` error when the condition holds and the value is empty.
   */
  requiredWhen(field: string, target: ConditionTarget): this {
    this.#requiredWhen.push(new FieldCondition(field, target))
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
    return this.#label === undefined ? sentenceCase(this.name) : localize(this.#label)
  }

  /**
   * The declared options a stored value is shown by (its label, in tables,
   * view pages and History), or null: kinds with static options answer.
   */
  displayOptions(): readonly OptionEntry[] | null {
    return null
  }

  isRequired() {
    return this.#required
  }

  getPlaceholder() {
    return this.#placeholder
  }

  isHidden() {
    return this.#hidden
  }

  /**
   * Whether the server ignores a posted value of the field (disabled,
   * read-only or hidden).
   */
  isWritable() {
    return !this.#hidden && !this.#disabled && !this.#readOnly
  }

  /**
   * Whether the field is visible for these form values.
   */
  isVisibleFor(values: Record<string, unknown>) {
    return this.#visibleWhen.every((condition) => condition.holds(values))
  }

  /**
   * Whether the field is required by a `requiredWhen` for these values.
   */
  isRequiredFor(values: Record<string, unknown>) {
    return (
      this.#requiredWhen.length > 0 &&
      this.#requiredWhen.every((condition) => condition.holds(values))
    )
  }

  /**
   * Whether the field's value must never reach the browser (passwords).
   */
  isSecret() {
    return false
  }

  /**
   * Value of the field on the create form.
   */
  defaultValue(): SerializableValue | (string | number)[] {
    return this.#default ?? null
  }

  /**
   * Turn the record's attribute into the form value.
   */
  formValue(_value: unknown): SerializableValue | (string | number)[] | undefined {
    return undefined
  }

  /**
   * Normalize the submitted value before the Rules class validates it, or
   * refuse it (malformed input). `editing` is true on an edit form; `input`
   * is the whole submitted input. Return undefined to leave the value out
   * (unchanged).
   */
  prepareInput(
    value: unknown,
    _editing: boolean,
    _input?: Record<string, unknown>
  ): PreparedValue | undefined {
    return { value }
  }

  /**
   * Check the validated value (the Rules class accepted it): an error
   * message, or null.
   */
  verify(_value: unknown): string | null {
    return null
  }

  /**
   * The affordances every field carries in its contract (members only when
   * declared), with the conditions evaluated for the form's values.
   */
  affordances(values: Record<string, unknown>): FieldAffordancesContract {
    const contract: FieldAffordancesContract = {}
    if (this.#helperText !== null) contract.helperText = this.#helperText
    if (this.#hint !== null) contract.hint = this.#hint
    if (this.#placeholder !== null) contract.placeholder = this.#placeholder
    if (this.#disabled) contract.disabled = true
    if (this.#readOnly) contract.readOnly = true
    if (this.#visibleWhen.length) {
      contract.visibleWhen = this.#visibleWhen.map((condition) => condition.toContract(values))
    }
    if (this.#requiredWhen.length) {
      contract.requiredWhen = this.#requiredWhen.map((condition) => condition.toContract(values))
    }
    return contract
  }

  /**
   * The field's contract with its affordances.
   */
  serialize(values: Record<string, unknown> = {}): FormFieldContract {
    return { ...this.toContract(), ...this.affordances(values) } as FormFieldContract
  }

  /**
   * Serialize the field for the form contract.
   */
  abstract toContract(): FormFieldContract
}
