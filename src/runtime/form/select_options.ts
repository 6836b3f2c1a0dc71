import type { RelationshipsContract } from '@adonisjs/lucid/types/relations'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { KitConfigurationException } from '../../support/errors.ts'
import { isHiddenAttribute } from '../../definitions/resource/serialize_value.ts'
import { escapeLike, MAX_SEARCH_LENGTH, MIN_SEARCH_LENGTH } from '../table/table_query.ts'
import type { KitContext } from '../../definitions/types.ts'
import type { FieldSubmission, RelationWrite } from '../../definitions/form/fields/field_kit.ts'
import { constrainToCurrentTenant } from '../../definitions/tenancy/tenancy.ts'
import type { Select, OptionMap, OptionValue } from '../../definitions/form/fields/select.ts'
import { optionLabel, optionList } from '../../i18n/option_labels.ts'
import { originalKeys } from './form_original.ts'
import { keyOf, manyToManyClient, valueOf } from '../../definitions/resource/record_values.ts'

/**
 * Query-string parameters of an option search on a page's GET route.
 */
export const SELECT_PARAMETERS = { field: '_kit_select', search: '_kit_search' } as const

/**
 * Most results an option search answers with.
 */
export const MAX_OPTION_RESULTS = 50

/**
 * Most options a preloaded relationship select sends with the page.
 */
export const MAX_PRELOADED_OPTIONS = 1000

/**
 * One option as the contracts carry it.
 */
export interface SelectOption {
  value: string
  label: string
}

/**
 * The relationship a select edits, resolved against the owner model.
 */
export interface BoundRelationship {
  kind: 'belongsTo' | 'manyToMany'
  relation: any
  related: LucidModel
  /** Property of the related model whose value the select submits */
  valueProperty: string
  /** Qualified SQL column of that property */
  valueColumn: string
  /** Property and qualified SQL column of the label */
  labelProperty: string
  labelColumn: string
}

const bindings = new WeakMap<LucidModel, Map<string, BoundRelationship>>()

/**
 * Resolve the relationship of a select against the owner model, once per
 * model and field. Mistakes are refused with a message naming the member.
 */
export function bindRelationship(
  model: LucidModel,
  field: Select,
  where = `Select "${field.name}"`
): BoundRelationship | null {
  const declared = field.getRelationship()
  if (!declared) {
    return null
  }
  let byModel = bindings.get(model)
  if (!byModel) {
    byModel = new Map()
    bindings.set(model, byModel)
  }
  const cacheKey = `${field.name}:${declared.name}:${declared.labelColumn}`
  const cached = byModel.get(cacheKey)
  if (cached) {
    return cached
  }

  const relation = model.$getRelation(declared.name) as RelationshipsContract | undefined
  if (!relation) {
    throw new KitConfigurationException(
      `${where}: "${declared.name}" is not a relationship of ${model.name}`
    )
  }
  relation.boot()
  const related: LucidModel = relation.relatedModel()
  related.boot()

  let valueProperty: string
  if (relation.type === 'belongsTo') {
    if (field.name !== relation.foreignKey) {
      throw new KitConfigurationException(
        `${where}: a belongsTo select edits the foreign key; name the field "${relation.foreignKey}"`
      )
    }
    valueProperty = relation.localKey
  } else if (relation.type === 'manyToMany') {
    if (field.name !== declared.name) {
      throw new KitConfigurationException(
        `${where}: a manyToMany select is named after its relationship; name the field "${declared.name}"`
      )
    }
    valueProperty = relation.relatedKey
  } else {
    throw new KitConfigurationException(
      `${where}: "${declared.name}" is a ${relation.type} relationship; selects edit belongsTo and manyToMany relationships`
    )
  }

  if (!related.$hasColumn(declared.labelColumn)) {
    throw new KitConfigurationException(
      `${where}: label column "${declared.labelColumn}" is not a column of ${related.name}`
    )
  }
  if (isHiddenAttribute(related, declared.labelColumn)) {
    throw new KitConfigurationException(
      `${where}: label column "${declared.labelColumn}" is a hidden attribute of ${related.name}`
    )
  }

  const bound: BoundRelationship = {
    kind: relation.type,
    relation,
    related,
    valueProperty,
    valueColumn: qualified(related, valueProperty),
    labelProperty: declared.labelColumn,
    labelColumn: qualified(related, declared.labelColumn),
  }
  byModel.set(cacheKey, bound)
  return bound
}

function qualified(model: LucidModel, property: string) {
  return `${model.table}.${model.$getColumn(property)?.columnName ?? property}`
}

/**
 * Check a select's configuration against the owner model (at boot).
 */
export function assertSelectConfiguration(model: LucidModel, field: Select, where: string) {
  const bound = bindRelationship(model, field, where)
  if (!bound && field.getPivotData()) {
    throw new KitConfigurationException(`${where}: pivotData() needs a manyToMany relationship()`)
  }
  if (bound?.kind === 'belongsTo' && field.getPivotData()) {
    throw new KitConfigurationException(`${where}: pivotData() needs a manyToMany relationship()`)
  }
  if (field.getSearchResults() && !field.getOptionLabel() && !field.getOptionLabels()) {
    throw new KitConfigurationException(
      `${where}: getSearchResultsUsing() needs getOptionLabelUsing() or getOptionLabelsUsing(), which verify submitted values`
    )
  }
  if (field.getCreateOptionForm() && !bound && !field.getCreateOptionUsing()) {
    throw new KitConfigurationException(
      `${where}: createOptionForm() needs a relationship() or a createOptionUsing() callback`
    )
  }
  if (field.getEditOptionForm() && !bound) {
    throw new KitConfigurationException(`${where}: editOptionForm() needs a relationship()`)
  }
}

/**
 * The query of a relationship select's related model, narrowed by the
 * select's modifier and, when the related model belongs to the tenant's
 * model, by the current tenant. Options, searches, labels and verification all start
 * here.
 */
export function relatedQuery(
  field: Select,
  bound: BoundRelationship,
  context: KitContext,
  client?: QueryClientContract
) {
  const query = bound.related.query({ client })
  field.getRelationship()!.modifyQuery?.(query, context)
  constrainToCurrentTenant(query, bound.related, client)
  return query
}

/**
 * Whether a value has the shape of a key of the related model: integers from
 * 1 to 2147483647, or, for models that assign their own keys (UUIDs),
 * strings of letters, digits, `-` and `_`.
 */
function isKeyShaped(bound: BoundRelationship, value: OptionValue) {
  const text = String(value)
  if (bound.related.selfAssignPrimaryKey) {
    return /^[A-Za-z0-9_-]{1,191}$/.test(text)
  }
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647
}

/**
 * Only a non-empty string or a number is a label: anything else a callback
 * returns (undefined, an inherited function or object) means "not an
 * option".
 */
function isLabel(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || typeof value === 'number'
}

function toOptions(map: OptionMap, limit: number): SelectOption[] {
  return Object.entries(map ?? {})
    .slice(0, limit)
    .map(([value, label]) => ({ value: String(value), label: String(label) }))
}

/**
 * Whether a select takes a list of values: declared multiple, or a
 * many-to-many relationship select.
 */
export function isMultipleSelect(model: LucidModel, field: Select): boolean {
  return field.isMultiple() || bindRelationship(model, field)?.kind === 'manyToMany'
}

/**
 * Whether a select answers option searches: declared searchable, or a
 * relationship select whose options are not preloaded.
 */
export function isSearchableSelect(model: LucidModel, field: Select): boolean {
  return field.isSearchable() || (Boolean(bindRelationship(model, field)) && !field.isPreloaded())
}

/**
 * Answer an option search: at most 50 results; terms under 2 characters get
 * none, without a query.
 */
export async function searchOptions(
  model: LucidModel,
  field: Select,
  rawTerm: unknown,
  context: KitContext
): Promise<SelectOption[]> {
  const term = typeof rawTerm === 'string' ? rawTerm.trim().slice(0, MAX_SEARCH_LENGTH) : ''
  if (term.length < MIN_SEARCH_LENGTH) {
    return []
  }

  const bound = bindRelationship(model, field)
  if (bound) {
    const rows = await relatedQuery(field, bound, context)
      .whereRaw(`LOWER(??) LIKE ? ESCAPE '!'`, [
        bound.labelColumn,
        `%${escapeLike(term.toLowerCase())}%`,
      ])
      .orderBy(bound.labelColumn)
      .limit(MAX_OPTION_RESULTS)
    return rows.map((row) => relatedOption(bound, row))
  }

  const search = field.getSearchResults()
  if (search) {
    return toOptions(await search(term, context), MAX_OPTION_RESULTS)
  }

  const needle = term.toLowerCase()
  return optionList(field.getOptions())
    .filter((option) => option.label.toLowerCase().includes(needle))
    .slice(0, MAX_OPTION_RESULTS)
}

function relatedOption(bound: BoundRelationship, row: LucidRow): SelectOption {
  const record = row as LucidRow & Record<string, unknown>
  return {
    value: String(record[bound.valueProperty]),
    label: String(record[bound.labelProperty] ?? record[bound.valueProperty]),
  }
}

/**
 * The label resolver: labels of the given values. A value missing from the
 * answer is not an option of the select.
 */
export async function resolveLabels(
  model: LucidModel,
  field: Select,
  values: OptionValue[],
  context: KitContext,
  client?: QueryClientContract
): Promise<Map<string, string>> {
  const labels = new Map<string, string>()
  const unique = [...new Set(values.map(String))]
  if (!unique.length) {
    return labels
  }

  const bound = bindRelationship(model, field)
  if (bound) {
    const keys = unique.filter((value) => isKeyShaped(bound, value))
    if (!keys.length) {
      return labels
    }
    const rows = await relatedQuery(field, bound, context, client).whereIn(bound.valueColumn, keys)
    for (const row of rows) {
      const option = relatedOption(bound, row)
      labels.set(option.value, option.label)
    }
    return labels
  }

  const many = field.getOptionLabels()
  if (many) {
    const answer = (await many(unique, context)) ?? {}
    for (const value of unique) {
      if (Object.hasOwn(answer, value) && isLabel(answer[value])) {
        labels.set(value, String(answer[value]))
      }
    }
    return labels
  }

  const one = field.getOptionLabel()
  if (one) {
    for (const value of unique) {
      const label = await one(value, context)
      if (isLabel(label)) {
        labels.set(value, String(label))
      }
    }
    return labels
  }

  for (const value of unique) {
    const label = optionLabel(field.getOptions(), value)
    if (label !== undefined) {
      labels.set(value, label)
    }
  }
  return labels
}

/**
 * The options a select sends with the page: its static options, the
 * preloaded records of a relationship, or (remote selects) the labels of
 * the current values only.
 */
export async function pageOptions(
  model: LucidModel,
  field: Select,
  currentValues: OptionValue[],
  context: KitContext
): Promise<SelectOption[]> {
  const bound = bindRelationship(model, field)
  if (bound && field.isPreloaded()) {
    const rows = await relatedQuery(field, bound, context)
      .orderBy(bound.labelColumn)
      .limit(MAX_PRELOADED_OPTIONS)
    return rows.map((row) => relatedOption(bound, row))
  }
  if (!field.hasDynamicOptions()) {
    return optionList(field.getOptions())
  }
  const labels = await resolveLabels(model, field, currentValues, context)
  return [...labels].map(([value, label]) => ({ value, label }))
}

/**
 * The keys a many-to-many select shows as assigned: the attached records the
 * select's query reaches. Attached records it does not reach are neither
 * shown nor detached.
 */
export function visibleAttachedKeys(
  field: Select,
  bound: BoundRelationship,
  owner: LucidRow,
  context: KitContext,
  client?: QueryClientContract
) {
  const relation = bound.relation
  const ownerKey = keyOf(owner, relation.localKey)
  const connection = client ?? bound.related.$adapter.modelConstructorClient(bound.related)
  const attached = connection
    .from(relation.pivotTable)
    .where(relation.pivotForeignKey, ownerKey)
    .select(relation.pivotRelatedForeignKey)
  return relatedQuery(field, bound, context, client)
    .whereIn(bound.valueColumn, attached)
    .select(bound.valueColumn)
    .then((rows) => rows.map((row) => valueOf(row, bound.valueProperty) as OptionValue))
}

/**
 * The current value of a select on the edit form.
 */
export async function currentSelectValue(
  model: LucidModel,
  field: Select,
  record: LucidRow,
  context: KitContext
): Promise<OptionValue[] | OptionValue | null | undefined> {
  const bound = bindRelationship(model, field)
  if (bound?.kind === 'manyToMany') {
    return visibleAttachedKeys(field, bound, record, context)
  }
  return undefined
}

function asValues(value: unknown): OptionValue[] | null {
  const list = Array.isArray(value) ? value : [value]
  if (list.some((entry) => typeof entry !== 'string' && typeof entry !== 'number')) {
    return null
  }
  return list as OptionValue[]
}

/**
 * Whether a submitted select value is one the user may pick: static options
 * by lookup, the others through the label resolver (relationship selects:
 * inside the select's scoped related query).
 */
export async function selectAccepts(
  model: LucidModel,
  field: Select,
  value: unknown,
  context: KitContext
): Promise<boolean> {
  if (!field.hasDynamicOptions()) {
    return field.accepts(value)
  }
  const values = asValues(value)
  if (!values || Array.isArray(value) !== isMultipleSelect(model, field)) {
    return false
  }
  const labels = await resolveLabels(model, field, values, context)
  return values.every((entry) => labels.has(String(entry)))
}

/**
 * A many-to-many select's submitted keys, taken out of the data before the
 * model is filled and synced after the owner is saved.
 */
interface PendingSync {
  field: Select
  bound: BoundRelationship
  keys: OptionValue[]
  /**
   * The keys the form was rendered with, when the request carries them: the
   * sync then applies only the person's own additions and removals.
   */
  original?: string[] | null
}

/**
 * The write of a many-to-many select's keys (not a model attribute: synced
 * after the owner exists), or null for any other select.
 */
export function selectRelationWrite(
  model: LucidModel,
  field: Select,
  value: unknown,
  submission: FieldSubmission,
  context: KitContext
): RelationWrite | null {
  const bound = bindRelationship(model, field)
  if (bound?.kind !== 'manyToMany') {
    return null
  }
  const pending: PendingSync = {
    field,
    bound,
    keys: Array.isArray(value) ? value : [],
    original: originalKeys(submission.original, field.name),
  }
  return {
    check: async () => [],
    write: async (owner, trx) => {
      await syncRelationship(owner, pending, context, trx)
      return null
    },
  }
}

/**
 * Sync a many-to-many select after the owner was saved, in its transaction:
 * attach the submitted keys not yet attached (with their pivot data) and
 * detach the visible attached keys not submitted. Attached records the
 * select's query does not reach are left alone.
 *
 * When the request carries the keys the form was rendered with, only the
 * person's own changes apply: keys added in the form are attached, keys
 * removed in the form are detached, and a key attached or detached by
 * someone else since the form was loaded stays as it is.
 */
async function syncRelationship(
  owner: LucidRow,
  { field, bound, keys, original }: PendingSync,
  context: KitContext,
  trx: TransactionClientContract
) {
  {
    const submitted = new Set(keys.map(String))
    const visible = await visibleAttachedKeys(field, bound, owner, context, trx)
    const visibleSet = new Set(visible.map(String))

    let detach: OptionValue[]
    let attach: string[]
    if (original) {
      const rendered = new Set(original)
      const removed = new Set(original.filter((key) => !submitted.has(key)))
      detach = visible.filter((key) => removed.has(String(key)))
      attach = [...submitted].filter((key) => !rendered.has(key) && !visibleSet.has(key))
    } else {
      detach = visible.filter((key) => !submitted.has(String(key)))
      attach = [...submitted].filter((key) => !visibleSet.has(key))
    }
    const related = manyToManyClient(owner, field.name)
    if (detach.length) {
      await related.detach(detach, trx)
    }
    if (attach.length) {
      const pivotData = field.getPivotData()
      const rows: Record<string, Record<string, unknown>> = {}
      for (const key of attach) {
        rows[key] =
          typeof pivotData === 'function' ? { ...pivotData(key, owner) } : { ...(pivotData ?? {}) }
      }
      await related.attach(rows, trx)
    }
  }
}
