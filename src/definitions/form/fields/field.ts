import { localize, type LocalizedText } from '../../../i18n/localized.ts'
import type { OptionEntry } from '../../../support/option_entries.ts'
import { sentenceCase } from '../../resource/labels.ts'
import type {
  FieldAffordancesContract,
  FormFieldContract,
  FormValue,
  SerializableValue,
} from '../../../contracts/main.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { scalarValue } from '../../../support/scalar_value.ts'
import { serializeValue } from '../../resource/serialize_value.ts'
import { valueOf } from '../../resource/record_values.ts'
import type {
  FieldError,
  FieldKit,
  FieldSerialization,
  FieldSubmission,
  FileStorage,
  RelationWrite,
} from './field_kit.ts'
import { FieldCondition, type ConditionTarget } from './field_condition.ts'
import {
  fieldState,
  type AfterStateUpdatedHook,
  type FieldState,
  type FormStateValues,
  type LiveOptions,
  type Reactive,
  type StateUpdate,
} from './field_state.ts'
import { KitConfigurationException } from '../../../support/errors.ts'
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
 * Sanitizes a rich text (or Markdown) value for storage or display.
 */
export type TextSanitizer = (value: unknown) => string | null

/**
 * How a stored value of the field reads as text where the kit shows past
 * values (History, Activity): as Yes/No, a date, a date and time, or as it is.
 */
export type FieldValueFormat = 'boolean' | 'date' | 'dateTime' | 'plain'

/**
 * Base class of form fields. The resource's Rules class validates; a field
 * adds the server-side checks of its own kind (select and list options,
 * colors, JSON) and the affordances every field has: helper text, hint,
 * placeholder, disabled, read-only and hidden states, a default, and
 * conditions on other fields' values.
 *
 * A field kind says what it does with its value through the hooks below
 * (serialize, current value, stale-form reconciliation, relation writes,
 * files, sanitizing, checks): the runtime calls them for every field and
 * never asks which kind of field it holds. A new field overrides the hooks
 * it needs (see docs/extending.md).
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
  #hiddenUsing: ((state: FieldState) => unknown) | null = null
  #requiredUsing: ((state: FieldState) => unknown) | null = null
  #disabledUsing: ((state: FieldState) => unknown) | null = null
  #live: Required<LiveOptions> | null = null
  #afterStateUpdated: AfterStateUpdatedHook[] = []

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
   * Mark the field as required, or required while a closure of the form's
   * state says so (evaluated on the server: on the form, on every live
   * update and again on submit).
   *
   * @example
   * ```ts
   * TextInput.make('vatNumber').required(({ get }) => get('country') !== 'US')
   * ```
   */
  required<Values extends FormStateValues = FormStateValues>(
    required: Reactive<boolean, Values> = true
  ): this {
    ;[this.#required, this.#requiredUsing] = reactiveFlag(required)
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
  disabled<Values extends FormStateValues = FormStateValues>(
    disabled: Reactive<boolean, Values> = true
  ): this {
    ;[this.#disabled, this.#disabledUsing] = reactiveFlag(disabled)
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
   * Leave the field out of the form: not rendered, and never written. A
   * closure hides it while it returns true for the form's state (the field
   * is sent to the renderer, drawn when shown; a value posted while it is
   * hidden is neither validated nor written).
   *
   * @example
   * ```ts
   * TextInput.make('url').hidden(({ get }) => get('kind') !== 'link')
   * ```
   */
  hidden<Values extends FormStateValues = FormStateValues>(
    hidden: Reactive<boolean, Values> = true
  ): this {
    ;[this.#hidden, this.#hiddenUsing] = reactiveFlag(hidden)
    return this
  }

  /**
   * Send the field's value to the server when it changes (after `debounce`
   * milliseconds, default 300), or when it loses focus (`onBlur`): the
   * server runs its `afterStateUpdated()` hooks and answers the values they
   * set and the reactive state of every field (hidden, required, disabled,
   * options). Nothing is written until the form is submitted.
   *
   * @example
   * ```ts
   * TextInput.make('title').live({ onBlur: true })
   * Select.make('country').options(countries).live()
   * ```
   */
  live(options: LiveOptions = {}): this {
    const debounce = options.debounce ?? 300
    if (!Number.isInteger(debounce) || debounce < 0 || debounce > 10_000) {
      throw new KitConfigurationException(
        `Field "${this.name}": live() takes a debounce in milliseconds from 0 to 10000, received ${debounce}`
      )
    }
    this.#live = { onBlur: options.onBlur === true, debounce }
    return this
  }

  /**
   * A hook run on the server when the field's value changed in the form
   * (the field becomes live if it is not yet): it reads the form's values
   * with `get()` and changes other fields' values with `set()`. It never
   * writes the record.
   *
   * @example
   * ```ts
   * TextInput.make('title')
   *   .live({ onBlur: true })
   *   .afterStateUpdated<{ slug: string }>(({ state, set }) => set('slug', slugify(String(state))))
   * ```
   */
  afterStateUpdated<Values extends FormStateValues = FormStateValues>(
    hook: AfterStateUpdatedHook<Values>
  ): this {
    this.#afterStateUpdated.push(hook as AfterStateUpdatedHook)
    if (!this.#live) this.live()
    return this
  }

  /**
   * How the field sends its state, or null when it is not live.
   */
  getLive(): Required<LiveOptions> | null {
    return this.#live
  }

  /**
   * Run the field's `afterStateUpdated()` hooks, in declaration order.
   */
  async runAfterStateUpdated(update: StateUpdate): Promise<void> {
    for (const hook of this.#afterStateUpdated) {
      await hook(update)
    }
  }

  /**
   * Whether the field is disabled by its closure for this form state.
   */
  isDisabledFor(values: Record<string, unknown>, state?: FieldState): boolean {
    return !!this.#disabledUsing && Boolean(this.#disabledUsing(state ?? fieldState(values)))
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
  isVisibleFor(values: Record<string, unknown>, state?: FieldState) {
    return (
      this.#visibleWhen.every((condition) => condition.holds(values)) &&
      !(this.#hiddenUsing && Boolean(this.#hiddenUsing(state ?? fieldState(values))))
    )
  }

  /**
   * Whether the field is required by a `requiredWhen` for these values.
   */
  isRequiredFor(values: Record<string, unknown>, state?: FieldState) {
    return (
      (this.#requiredWhen.length > 0 &&
        this.#requiredWhen.every((condition) => condition.holds(values))) ||
      (!!this.#requiredUsing && Boolean(this.#requiredUsing(state ?? fieldState(values))))
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
   * The record's value of the field as the form contract carries it,
   * read from the record's attribute alone (see {@link currentValue} for the
   * fields whose value lives elsewhere).
   */
  recordValue(record: LucidRow): FormValue {
    const raw = valueOf(record, this.name)
    const formValue = this.formValue(raw)
    return (formValue === undefined ? serializeValue(raw) : formValue) as FormValue
  }

  /**
   * Hook: the record's current value as the edit form starts from it (and
   * as a stale form is compared with). Override when the value is not the
   * record's attribute (relationship selects, relationship repeaters).
   */
  async currentValue(record: LucidRow, _kit: FieldKit): Promise<FormValue> {
    return this.recordValue(record)
  }

  /**
   * Hook: a posted value as the form shows it again after a refused
   * submission (the flash holds what was posted, never what was stored).
   */
  flashedValue(posted: unknown): FormValue {
    const sanitize = this.textSanitizer()
    const value = scalarValue(posted)
    return (sanitize && typeof value === 'string' ? sanitize(value) : value) as FormValue
  }

  /**
   * Hook: a posted value kept in the bounded flash of a refused request,
   * each scalar through `bound` (undefined: left out), at most `maxItems`
   * items of a list.
   */
  boundedFlash(posted: unknown, bound: (value: unknown) => unknown, _maxItems: number): unknown {
    return bound(posted)
  }

  /**
   * Hook: the field's contract on a form, completed with what only the
   * request knows (options, URLs, stored files). Default: {@link serialize}.
   */
  async serializeFor(form: FieldSerialization, _kit: FieldKit): Promise<FormFieldContract> {
    return this.serialize(form.values, form.state)
  }

  /**
   * Hook: whether a stale edit form is reconciled with this field key by key
   * (its own additions and removals) by its {@link relationWrite}, rather
   * than compared as one value.
   */
  mergesByKey(_kit: FieldKit): boolean {
    return false
  }

  /**
   * Hook: the write of a validated value that is not an attribute of the
   * record, or null (the value is an attribute). The value is taken out of
   * the data and written after the record is saved, in its transaction.
   */
  relationWrite(
    _value: unknown,
    _submission: FieldSubmission,
    _kit: FieldKit
  ): RelationWrite | null {
    return null
  }

  /**
   * Hook: the validated value as the attribute stores it (`columnPrepares`:
   * the model's column declares its own `prepare`).
   */
  storedValue(value: unknown, _columnPrepares: boolean): unknown {
    return value
  }

  /**
   * Hook: how the field's value is sanitized wherever it is stored or sent
   * (rich text, Markdown), or null.
   */
  textSanitizer(): TextSanitizer | null {
    return null
  }

  /**
   * Hook: sanitize the field's validated value in `data`, in place.
   */
  sanitizeInto(data: Record<string, unknown>): void {
    const sanitize = this.textSanitizer()
    const value = data[this.name]
    if (sanitize && Object.hasOwn(data, this.name) && value !== null && value !== undefined) {
      data[this.name] = sanitize(value)
    }
  }

  /**
   * Hook: the fields each item of the posted value goes through before
   * validation (errors as `<name>.<index>.<field>`), or null.
   */
  itemFields(): Field[] | null {
    return null
  }

  /**
   * Hook: where the field stores uploaded files, or null (no uploads).
   */
  fileStorage(): FileStorage | null {
    return null
  }

  /**
   * Hook: check the field's configuration against the model at boot (a
   * relationship that exists, options that can be verified); throws a
   * `KitConfigurationException` naming `where`.
   */
  assertConfigured(_kit: FieldKit, _where: string): void {}

  /**
   * Hook: whether the resource's Rules class must declare a rule for the
   * field (a select that edits a relationship).
   */
  requiresDeclaredRule(): boolean {
    return false
  }

  /**
   * Hook: the value a query-string parameter stands for when the field sits
   * in a filter's form (`filters[name][field]=…`), or undefined when the
   * field refuses it. The value reaches a query: never a malformed one.
   * Default: the field's own `prepareInput()` and `verify()`.
   */
  queryValue(raw: string | string[]): unknown {
    const prepared = this.prepareInput(raw, false)
    if (!prepared || 'error' in prepared || this.verify(prepared.value) !== null) {
      return undefined
    }
    return prepared.value
  }

  /**
   * Hook: how a stored value reads as text in History and Activity.
   */
  valueFormat(): FieldValueFormat {
    return 'plain'
  }

  /**
   * Hook: the labels of option values, shown instead of the values in
   * History and Activity; null for a field without options. Default: the
   * options of the field's contract.
   */
  async optionLabels(
    _keys: (string | number)[],
    _kit: FieldKit
  ): Promise<Map<string, string> | null> {
    const choices = (this.toContract() as { options?: unknown }).options
    if (!Array.isArray(choices)) return null
    return new Map(
      choices.map((option: { value: string | number; label: string }) => [
        String(option.value),
        option.label,
      ])
    )
  }

  /**
   * Hook: whether the field has a Markdown preview endpoint.
   */
  previewsMarkdown(): boolean {
    return false
  }

  /**
   * Hook: check a validated value against what the user may pick (a
   * select's options); null when it is accepted.
   */
  async checkValue(_value: unknown, _kit: FieldKit): Promise<FieldError | null> {
    return null
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
   * Hook: check a submitted value against the form's state (a select's
   * options of that state), before validation: an error, or null.
   */
  checkState(_value: unknown, _state: FieldState): { error: string; rule: string } | null {
    return null
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
  affordances(values: Record<string, unknown>, state?: FieldState): FieldAffordancesContract {
    const contract: FieldAffordancesContract = {}
    const current = state ?? fieldState(values)
    if (this.#helperText !== null) contract.helperText = this.#helperText
    if (this.#hint !== null) contract.hint = this.#hint
    if (this.#placeholder !== null) contract.placeholder = this.#placeholder
    if (this.#disabled || this.isDisabledFor(values, current)) contract.disabled = true
    if (this.#readOnly) contract.readOnly = true
    if (this.#visibleWhen.length || this.#hiddenUsing) {
      contract.visibleWhen = this.#visibleWhen.map((condition) => condition.toContract(values))
      /* a closure is the server's answer for this state, as a function condition */
      if (this.#hiddenUsing) {
        contract.visibleWhen.push({
          field: this.name,
          values: null,
          initial: !this.#hiddenUsing(current),
        })
      }
    }
    if (this.#live) contract.live = { ...this.#live }
    if (this.#requiredWhen.length) {
      contract.requiredWhen = this.#requiredWhen.map((condition) => condition.toContract(values))
    }
    return contract
  }

  /**
   * The field's contract with its affordances.
   */
  serialize(values: Record<string, unknown> = {}, state?: FieldState): FormFieldContract {
    const contract = {
      ...this.toContract(),
      ...this.affordances(values, state),
    } as FormFieldContract
    if (this.#requiredUsing && 'required' in contract) {
      contract.required = Boolean(this.#requiredUsing(state ?? fieldState(values)))
    }
    return contract
  }

  /**
   * Serialize the field for the form contract.
   */
  abstract toContract(): FormFieldContract
}

/**
 * A flag declared as a value or as a closure of the form's state: the
 * static value (false for a closure) and the closure, or null.
 */
function reactiveFlag<Values extends FormStateValues>(
  flag: Reactive<boolean, Values>
): [boolean, ((state: FieldState) => unknown) | null] {
  return typeof flag === 'function' ? [false, flag as (state: FieldState) => unknown] : [flag, null]
}

/**
 * A query-string boolean: `true`/`1` or `false`/`0`, else undefined.
 */
export function queryBoolean(raw: unknown): boolean | undefined {
  if (raw === 'true' || raw === '1') return true
  if (raw === 'false' || raw === '0') return false
  return undefined
}
