/*
 * adonis-kit
 *
 * Contracts of the choice, list, JSON, color and password fields, and the
 * affordances every field carries. Imported by src/contracts/main.ts; it
 * imports nothing from the server.
 */

/**
 * A condition on another field's value. `values` (compared as text,
 * booleans as `true` / `false`) holds when that field's value, or one of
 * its entries, is one of them. `values` is null for a condition the server
 * evaluates only (a function): renderers then keep `initial`, the server's
 * answer for the values the form was rendered with.
 */
export interface FieldConditionContract {
  field: string
  values: string[] | null
  initial: boolean
}

/**
 * What every field may carry; a member is present only when declared.
 */
export interface FieldAffordancesContract {
  /** Text under the field */
  helperText?: string
  /** Short text next to the label */
  hint?: string
  placeholder?: string | null
  /** Drawn disabled; the server never writes it */
  disabled?: boolean
  /** Shown, not editable; the server never writes it */
  readOnly?: boolean
  /** Shown only while every condition holds */
  visibleWhen?: FieldConditionContract[]
  /** Required while every condition holds */
  requiredWhen?: FieldConditionContract[]
  /** Sends its value to the form's state endpoint when it changes (debounced) or on blur */
  live?: { onBlur: boolean; debounce: number }
}

interface ChoiceFieldBase extends FieldAffordancesContract {
  name: string
  label: string
  required: boolean
}

/**
 * A single checkbox (boolean).
 */
export interface CheckboxContract extends ChoiceFieldBase {
  type: 'checkbox'
}

/**
 * Checkboxes for a list of options; the value is the list of checked option
 * values.
 */
export interface CheckboxListContract extends ChoiceFieldBase {
  type: 'checkboxList'
  options: { value: string; label: string }[]
  /** Number of columns the options are laid out in */
  columns: number
}

/**
 * Radio buttons for a list of options.
 */
export interface RadioContract extends ChoiceFieldBase {
  type: 'radio'
  options: { value: string; label: string }[]
  inline: boolean
}

/**
 * A list of short strings typed one by one.
 */
export interface TagsInputContract extends ChoiceFieldBase {
  type: 'tags'
  maxItems: number | null
  maxLength: number | null
  suggestions: string[]
}

/**
 * A JSON object of string keys to string values, edited as rows. The form
 * value is the object as JSON text; renderers submit the rows as JSON text
 * of `[key, value]` pairs (the server refuses repeated or empty keys).
 */
export interface KeyValueContract extends ChoiceFieldBase {
  type: 'keyValue'
  /** Null: the renderer's translation */
  keyLabel: string | null
  valueLabel: string | null
  addLabel: string | null
}

/**
 * A color, as `#rrggbb` (or `#rgb`, `#rrggbbaa`).
 */
export interface ColorPickerContract extends ChoiceFieldBase {
  type: 'color'
}

/**
 * A password. Its value is never sent to the browser; left blank on an edit
 * form, the stored one is kept. With `confirmation`, renderers draw a second
 * input submitted under `confirmation.name`.
 */
export interface PasswordContract extends ChoiceFieldBase {
  type: 'password'
  revealable: boolean
  confirmation: { name: string } | null
}
