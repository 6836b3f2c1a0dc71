import type { LucidModel, LucidRow, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { FormValue, SelectContract } from '../../../contracts/main.ts'
import type {
  FieldError,
  FieldKit,
  FieldSerialization,
  FieldSubmission,
  RelationWrite,
} from './field_kit.ts'
import { contextTranslator } from '../../../i18n/translator.ts'
import { KitConfigurationException } from '../../../support/errors.ts'
import type { RulesClass } from '../../validation/rules.ts'
import type { HookContext, KitContext } from '../../types.ts'
import { Field } from './field.ts'
import {
  hasOption,
  optionEntries,
  type FieldOptions,
  type OptionEntry,
} from '../../../support/option_entries.ts'
import { optionList } from '../../../i18n/option_labels.ts'
import { fieldState, type FieldState, type FormStateValues } from './field_state.ts'

/**
 * A select option value as submitted or stored.
 */
export type OptionValue = string | number

declare module './field_kit.ts' {
  interface FieldKit {
    /** The runtime of selects: options, relationships, checks */
    selects: SelectKit
  }
}

/**
 * What the runtime does for selects (their options and relationships need
 * the database and the request).
 */
export interface SelectKit {
  /** A relationship select's current keys on the record, or undefined (the attribute) */
  currentValue(field: Select, record: LucidRow): Promise<FormValue | undefined>
  /** The contract completed with its options, search, relationship and option forms */
  complete(field: Select, contract: SelectContract, value: unknown): Promise<void>
  /** Check the select's configuration against the model (at boot) */
  assertConfigured(field: Select, where: string): void
  /** Whether the select edits a many-to-many relationship */
  isManyToMany(field: Select): boolean
  /** The labels of option values (those the select reaches) */
  labels(field: Select, keys: OptionValue[]): Promise<Map<string, string>>
  /** Whether a validated value is one the user may pick */
  accepts(field: Select, value: unknown): Promise<boolean>
  /** The sync of a many-to-many select's keys */
  relationWrite(field: Select, value: unknown, submission: FieldSubmission): RelationWrite | null
}

/**
 * Map of option value to label (search results and labels of dynamic
 * options; static options take labels per locale too, see `FieldOptions`).
 */
export type OptionMap = Record<string, string>

/**
 * Narrows the query of a relationship select's related model (options,
 * searches and the verification of submitted keys all run through it).
 */
export type RelationshipQueryModifier = (
  query: ModelQueryBuilderContract<LucidModel, LucidRow>,
  context: KitContext
) => unknown

/**
 * Pivot attributes written when a many-to-many select attaches a record: the
 * same object for every row, or one computed per related key.
 */
export type PivotData =
  Record<string, unknown> | ((relatedKey: OptionValue, owner: LucidRow) => Record<string, unknown>)

/**
 * The relationship a select edits.
 */
export interface SelectRelationship {
  name: string
  labelColumn: string
  modifyQuery?: RelationshipQueryModifier
}

/**
 * A form shown next to a select to create (or edit) one of its options.
 */
export interface OptionForm {
  fields: Field[]
  rules: RulesClass
}

/**
 * Creates an option from the independently validated option-form data and
 * returns the new option's value.
 */
export type CreateOptionCallback = (
  data: Record<string, any>,
  context: HookContext
) => Promise<OptionValue | LucidRow> | OptionValue | LucidRow

/**
 * Updates an option from the independently validated option-form data.
 */
export type UpdateOptionCallback = (
  option: LucidRow,
  data: Record<string, any>,
  context: HookContext
) => Promise<unknown> | unknown

/**
 * A select: static options, options from a search callback, or the records
 * of a relationship. Every submitted value is verified on the server before
 * anything is persisted: static options by lookup, the others through the
 * label resolver (a value it has no label for is refused).
 *
 * @example
 * ```ts
 * Select.make('status').options({ draft: 'Draft', published: 'Published' })
 * Select.make('authorId').relationship('author', 'fullName').searchable()
 * Select.make('tags')
 *   .relationship('tags', 'name', (query) => query.where('archived', false))
 *   .preload()
 *   .pivotData((tagId, post) => ({ added_by: post.$primaryKeyValue }))
 * Select.make('country')
 *   .getSearchResultsUsing((search) => countries.search(search))
 *   .getOptionLabelUsing((value) => countries.label(value))
 * ```
 */
export class Select extends Field {
  #options: OptionEntry[] = []
  #optionsUsing: ((state: FieldState) => FieldOptions) | null = null
  #multiple = false
  #searchable = false
  #preload = false
  #searchDebounce = 500
  #searchResults?: (search: string, context: KitContext) => OptionMap | Promise<OptionMap>
  #optionLabel?: (
    value: OptionValue,
    context: KitContext
  ) => string | null | undefined | Promise<string | null | undefined>
  #optionLabels?: (values: OptionValue[], context: KitContext) => OptionMap | Promise<OptionMap>
  #relationship?: SelectRelationship
  #pivotData?: PivotData
  #createOptionForm?: OptionForm
  #createOptionUsing?: CreateOptionCallback
  #editOptionForm?: OptionForm
  #updateOptionUsing?: UpdateOptionCallback

  /**
   * Static options: a map of value to label (one text, or one per locale,
   * shown in the request's language), or a list of values.
   *
   * @example
   * ```ts
   * Select.make('status').options({ draft: { en: 'Draft', fr: 'Brouillon' } })
   * // options of the form's state (a dependent select): evaluated on the
   * // server for every live update, and a submitted value must be one of them
   * Select.make('city').options<{ country: string }>(({ get }) => citiesOf(get('country')))
   * ```
   */
  options<Values extends FormStateValues = FormStateValues>(
    options: FieldOptions | ((state: FieldState<Values>) => FieldOptions)
  ): this {
    if (typeof options === 'function') {
      this.#options = []
      this.#optionsUsing = options as (state: FieldState) => FieldOptions
    } else {
      this.#options = optionEntries(options)
      this.#optionsUsing = null
    }
    return this
  }

  /**
   * The options for a form state: the closure's, else the static ones.
   */
  optionsFor(state: FieldState): readonly OptionEntry[] {
    return this.#optionsUsing ? optionEntries(this.#optionsUsing(state)) : this.#options
  }

  /**
   * Whether the options are computed from the form's state.
   */
  hasReactiveOptions() {
    return this.#optionsUsing !== null
  }

  /**
   * Accept a list of values (many-to-many relationship selects are always
   * multiple).
   */
  multiple(multiple = true): this {
    this.#multiple = multiple
    return this
  }

  /**
   * Let the person search the options. Searches are answered by the page's
   * own GET route (`?_kit_select=<field>&_kit_search=<term>`), authorized
   * like the page, 50 results at most, and not at all under 2 characters.
   */
  searchable(searchable = true): this {
    this.#searchable = searchable
    return this
  }

  /**
   * Send the options with the page (relationship selects), instead of
   * loading them through searches.
   */
  preload(preload = true): this {
    this.#preload = preload
    return this
  }

  /**
   * Milliseconds the renderer waits after a keystroke before searching.
   */
  searchDebounce(milliseconds: number): this {
    if (!Number.isInteger(milliseconds) || milliseconds < 0 || milliseconds > 10_000) {
      throw new KitConfigurationException(
        `Select "${this.name}": searchDebounce() takes milliseconds from 0 to 10000, received ${milliseconds}`
      )
    }
    this.#searchDebounce = milliseconds
    return this
  }

  /**
   * Options for a search term, computed on the server (makes the select
   * searchable). Pair it with `getOptionLabelUsing()` or
   * `getOptionLabelsUsing()`: submitted values are verified through them.
   */
  getSearchResultsUsing(
    callback: (search: string, context: KitContext) => OptionMap | Promise<OptionMap>
  ): this {
    this.#searchResults = callback
    this.#searchable = true
    return this
  }

  /**
   * Label of one value, or null when the value is not a valid option.
   */
  getOptionLabelUsing(
    callback: (
      value: OptionValue,
      context: KitContext
    ) => string | null | undefined | Promise<string | null | undefined>
  ): this {
    this.#optionLabel = callback
    return this
  }

  /**
   * Labels of several values at once; values missing from the returned map
   * are not valid options.
   */
  getOptionLabelsUsing(
    callback: (values: OptionValue[], context: KitContext) => OptionMap | Promise<OptionMap>
  ): this {
    this.#optionLabels = callback
    return this
  }

  /**
   * Take the options from a relationship of the resource's model: a
   * belongs-to (the field is its foreign key) or a many-to-many (the field
   * is the relationship name; the select becomes multiple and is synced
   * after the owner is saved, in the same transaction).
   */
  relationship(name: string, labelColumn: string, modifyQuery?: RelationshipQueryModifier): this {
    this.#relationship = { name, labelColumn, modifyQuery }
    return this
  }

  /**
   * Pivot attributes of the rows a many-to-many select attaches.
   */
  pivotData(data: PivotData): this {
    this.#pivotData = data
    return this
  }

  /**
   * A form to create a new option from the select. Its data is validated
   * with its own Rules class, and the parent form is neither submitted nor
   * persisted.
   */
  createOptionForm(fields: Field[], rules: RulesClass): this {
    this.#createOptionForm = { fields, rules }
    return this
  }

  /**
   * How a new option is created (default for relationship selects: a new
   * related record from the model's columns in the validated data).
   */
  createOptionUsing(callback: CreateOptionCallback): this {
    this.#createOptionUsing = callback
    return this
  }

  /**
   * A form to edit the selected option (relationship selects).
   */
  editOptionForm(fields: Field[], rules: RulesClass): this {
    this.#editOptionForm = { fields, rules }
    return this
  }

  /**
   * How an option is updated (default: merge the model's columns from the
   * validated data and save).
   */
  updateOptionUsing(callback: UpdateOptionCallback): this {
    this.#updateOptionUsing = callback
    return this
  }

  getRelationship(): SelectRelationship | undefined {
    return this.#relationship
  }

  getPivotData(): PivotData | undefined {
    return this.#pivotData
  }

  getCreateOptionForm(): OptionForm | undefined {
    return this.#createOptionForm
  }

  getCreateOptionUsing(): CreateOptionCallback | undefined {
    return this.#createOptionUsing
  }

  getEditOptionForm(): OptionForm | undefined {
    return this.#editOptionForm
  }

  getUpdateOptionUsing(): UpdateOptionCallback | undefined {
    return this.#updateOptionUsing
  }

  /**
   * The static options: values and (localizable) labels.
   */
  getOptions(): readonly OptionEntry[] {
    return this.#options
  }

  getSearchResults() {
    return this.#searchResults
  }

  getOptionLabel() {
    return this.#optionLabel
  }

  getOptionLabels() {
    return this.#optionLabels
  }

  isMultiple() {
    return this.#multiple
  }

  isSearchable() {
    return this.#searchable
  }

  isPreloaded() {
    return this.#preload
  }

  displayOptions(): readonly OptionEntry[] | null {
    return this.hasDynamicOptions() || this.#optionsUsing || !this.#options.length
      ? null
      : this.#options
  }

  /**
   * Whether the options come from somewhere other than the static map.
   */
  hasDynamicOptions() {
    return Boolean(
      this.#relationship || this.#searchResults || this.#optionLabel || this.#optionLabels
    )
  }

  /**
   * Whether a submitted value is acceptable among the static options: one
   * of them (each of them for a multiple select), or empty.
   */
  accepts(value: unknown, state?: FieldState): boolean {
    if (value === null || value === undefined) {
      return true
    }
    /* options of the form's state: checked against the submitted state
       (checkState), before validation */
    if (this.#optionsUsing && !state) {
      return true
    }
    const options = state ? this.optionsFor(state) : this.#options
    const values = this.#multiple && Array.isArray(value) ? value : [value]
    if (!this.#multiple && Array.isArray(value)) {
      return false
    }
    return values.every((entry) => hasOption(options, entry))
  }

  /**
   * A submitted value outside the options of the submitted state is refused.
   */
  checkState(value: unknown, state: FieldState): { error: string; rule: string } | null {
    if (!this.#optionsUsing || value === '' || this.accepts(value, state)) {
      return null
    }
    return { error: contextTranslator().t('field.error.option'), rule: 'select' }
  }

  async currentValue(record: LucidRow, kit: FieldKit): Promise<FormValue> {
    return (await kit.selects.currentValue(this, record)) ?? this.recordValue(record)
  }

  async serializeFor(form: FieldSerialization, kit: FieldKit): Promise<SelectContract> {
    const contract = this.serialize(form.values, form.state) as SelectContract
    await kit.selects.complete(this, contract, form.values[this.name])
    if (this.#optionsUsing) {
      contract.options = optionList(this.optionsFor(form.state ?? fieldState(form.values)))
    }
    return contract
  }

  /**
   * A many-to-many select is merged key by key (its additions and removals).
   */
  mergesByKey(kit: FieldKit): boolean {
    return kit.selects.isManyToMany(this)
  }

  relationWrite(value: unknown, submission: FieldSubmission, kit: FieldKit): RelationWrite | null {
    return kit.selects.relationWrite(this, value, submission)
  }

  assertConfigured(kit: FieldKit, where: string): void {
    kit.selects.assertConfigured(this, `${where}: select "${this.name}"`)
  }

  /**
   * A select that edits a relationship needs a rule for its keys.
   */
  requiresDeclaredRule(): boolean {
    return !!this.#relationship
  }

  optionLabels(keys: OptionValue[], kit: FieldKit): Promise<Map<string, string>> {
    return kit.selects.labels(this, keys)
  }

  async checkValue(value: unknown, kit: FieldKit): Promise<FieldError | null> {
    if (value === null || value === undefined || (await kit.selects.accepts(this, value))) {
      return null
    }
    const message = contextTranslator(kit.context).t('field.error.option')
    return { field: this.name, message, rule: 'select' }
  }

  toContract(): SelectContract {
    return {
      type: 'select',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      options: optionList(this.#options),
      multiple: this.#multiple,
      searchable: this.#searchable,
      preload: this.#preload,
      searchDebounce: this.#searchDebounce,
      search: null,
      relationship: null,
      createOption: null,
      editOption: null,
    }
  }
}
