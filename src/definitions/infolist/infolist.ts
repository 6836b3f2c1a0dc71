import type { LucidModel, LucidRow, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { RelationshipsContract } from '@adonisjs/lucid/types/relations'
import { KitBuilderException, KitConfigurationException } from '../../support/errors.ts'
import { DateTime } from 'luxon'
import type { InfolistContract, InfolistEntryContract } from '../../contracts/main.ts'
import type { Resource } from '../resource/resource.ts'
import { readableAttribute, readAttribute, type AttributePath } from '../resource/attribute_path.ts'
import {
  isHiddenAttribute,
  serializeAttribute,
  serializeValue,
} from '../resource/serialize_value.ts'
import { DEFAULT_PRESENTATION, ValueFormat, type Presentation } from '../../support/value_format.ts'
import { BadgeColumn } from '../table/columns/badge_column.ts'
import { isDateOnly } from '../resource/value_presenter.ts'
import { buildForm, buildTable, followFieldOptions } from '../table/builders.ts'
import { requestPresentation } from '../../i18n/localized.ts'
import { TextEntry } from './text_entry.ts'
import { RepeatableEntry } from './repeatable_entry.ts'
import { qualifiedKey } from '../../support/sql.ts'
import { formLeaves, isLayoutNode, type LayoutChild } from '../form/layout/layout_component.ts'
import { serializeLayout } from '../form/layout/layout_contract.ts'
import { sanitizedValue, textSanitizer, type TextSanitizer } from '../form/text_sanitizers.ts'

/**
 * The read-only content of a view page. A resource's `infolist()` receives a
 * fresh one and must return it.
 *
 * @example
 * ```ts
 * infolist(infolist: Infolist) {
 *   return infolist.schema([TextEntry.make('title'), TextEntry.make('author.fullName')])
 * }
 * ```
 */
export class Infolist {
  #schema: LayoutChild[] | null = null

  /**
   * Declare the entries, in display order, or a tree of layout components
   * (Section, Grid, Tabs, Fieldset) whose leaves are entries.
   */
  schema(nodes: LayoutChild[]): this {
    const leaves = Array.isArray(nodes) ? formLeaves<TextEntry>(nodes) : null
    if (!leaves || leaves.some((entry) => !(entry instanceof TextEntry))) {
      throw new KitConfigurationException('Infolist.schema() takes TextEntry.make(...) entries')
    }
    this.#schema = nodes
    return this
  }

  /**
   * The declared entries (the leaves of the schema), or null when
   * `schema()` was never called.
   */
  getEntries(): TextEntry[] | null {
    return this.#schema ? formLeaves<TextEntry>(this.#schema) : null
  }

  /**
   * The schema tree when it holds layout components, else null.
   */
  getLayout(): LayoutChild[] | null {
    return this.#schema?.some((node) => isLayoutNode(node)) ? this.#schema : null
  }
}

/**
 * One checked entry: what it reads, and for a repeatable entry its checked
 * child entries.
 */
export interface BuiltEntry {
  entry: TextEntry
  /** The attribute read; null for a key of a JSON item of a repeatable entry */
  path: AttributePath | null
  /** Repeatable entries: the entries of each item */
  children?: BuiltEntry[]
  /** Repeatable entries over a relationship (not a JSON column) */
  collection?: boolean
  /** An attribute holding rich text or Markdown: sanitized when it is read */
  sanitize?: TextSanitizer
}

/**
 * A repeatable entry's relationship, loaded with one query (plus one per
 * to-one relationship its child entries read).
 */
export interface BuiltCollection {
  entry: RepeatableEntry
  relationship: string
  related: LucidModel
  preloads: string[]
}

/**
 * The infolist of a resource with its entries checked: declared ones, or by
 * default one entry per visible form field that is a column.
 */
export interface BuiltInfolist {
  entries: BuiltEntry[]
  /** To-one relationships the entries read through */
  relationships: string[]
  /** Has-many and many-to-many relationships of repeatable entries */
  collections: BuiltCollection[]
  /** The layout tree, when the infolist declares layout components */
  layout: LayoutChild[] | null
}

const COLLECTION_KINDS = ['hasMany', 'manyToMany', 'hasManyThrough']

/**
 * Check a repeatable entry: a has-many (many-to-many, has-many-through)
 * relationship whose child entries read visible attributes of the related
 * model, or a visible JSON column whose items are objects.
 */
function buildRepeatable(
  model: LucidModel,
  entry: RepeatableEntry,
  where: string,
  collections: BuiltCollection[]
): BuiltEntry {
  const children = entry.getSchema()
  if (children.length === 0) {
    throw new KitConfigurationException(`${where}: declare its entries with schema([...])`)
  }
  const names = new Set<string>()
  for (const child of children) {
    if (names.has(child.name)) {
      throw new KitConfigurationException(`${where}: entry "${child.name}" is declared twice`)
    }
    names.add(child.name)
  }
  const relation = model.$getRelation(entry.name) as RelationshipsContract | undefined
  if (relation) {
    if (!COLLECTION_KINDS.includes(relation.type)) {
      throw new KitConfigurationException(
        `${where}: "${entry.name}" is a ${relation.type} relationship; a repeatable entry reads a has-many or many-to-many relationship`
      )
    }
    relation.boot()
    const related: LucidModel = relation.relatedModel()
    const built: BuiltEntry[] = children.map((child) => ({
      entry: child,
      path: readableAttribute(related, child.name, `${where}: entry "${child.name}"`),
    }))
    const preloads = [
      ...new Set(built.map(({ path }) => path!.relationship).filter((name) => name !== null)),
    ]
    collections.push({ entry, relationship: entry.name, related, preloads })
    return {
      entry,
      path: { name: entry.name, relationship: null, attribute: entry.name, model },
      children: built,
      collection: true,
    }
  }
  /* a JSON column: its items are plain objects, read by key */
  const path = readableAttribute(model, entry.name, where)
  if (entry.getQueryModifier()) {
    throw new KitConfigurationException(
      `${where}: modifyQuery() applies to a relationship; "${entry.name}" is a column`
    )
  }
  for (const child of children) {
    if (child.name.includes('.')) {
      throw new KitConfigurationException(
        `${where}: entry "${child.name}" names a key of the column's items, not a path`
      )
    }
  }
  return { entry, path, children: children.map((child) => ({ entry: child, path: null })) }
}

/**
 * Plain text entries that declare no format show their value as the
 * resource's table column of the same name does: a badge column's badge and
 * colors, a column's format (`dateTime()`, `money()`...).
 */
function followColumns(resource: Resource<any>, entries: TextEntry[]) {
  let columns: Map<string, unknown>
  try {
    columns = new Map(
      buildTable(resource)
        .getColumns()
        .map((column) => [column.name, column])
    )
  } catch {
    /* a resource without a table: entries as declared */
    return
  }
  for (const entry of entries) {
    const column = columns.get(entry.name)
    if (entry.constructor !== TextEntry || !column) {
      continue
    }
    if (column instanceof BadgeColumn && !entry.isBadge()) {
      entry.badge()
      if (!entry.hasColor()) {
        entry.color(column.getColors())
      }
    }
    if (column instanceof ValueFormat) {
      entry.followFormat(column)
    }
  }
}

/**
 * Hand a fresh infolist to `resource.infolist()` and check its entries (at
 * boot, for resources with a view page).
 */
export function buildInfolist(resource: Resource<any>): BuiltInfolist {
  const where = `${resource.constructor.name}.infolist()`
  const model: LucidModel = resource.model
  const infolist = new Infolist()
  const returned = resource.infolist(infolist)
  if (returned !== infolist) {
    throw new KitBuilderException(
      `${where} must configure and return the fresh Infolist it receives`
    )
  }

  const fields = buildForm(resource).getFields()
  let entries = infolist.getEntries()
  if (entries === null) {
    /* default: one entry per form field that is a visible column */
    entries = fields
      .filter((field) => model.$hasColumn(field.name) && !isHiddenAttribute(model, field.name))
      .map((field) => TextEntry.make(field.name).label(field.getLabel()))
  }

  followColumns(resource, entries)
  followFieldOptions(
    fields,
    entries.filter((entry) => entry.constructor === TextEntry)
  )

  const names = new Set<string>()
  const built: BuiltInfolist = {
    entries: [],
    relationships: [],
    collections: [],
    layout: infolist.getLayout(),
  }
  for (const entry of entries) {
    if (names.has(entry.name)) {
      throw new KitConfigurationException(`${where}: entry "${entry.name}" is declared twice`)
    }
    names.add(entry.name)
    if (entry instanceof RepeatableEntry) {
      built.entries.push(
        buildRepeatable(model, entry, `${where}: entry "${entry.name}"`, built.collections)
      )
      continue
    }
    const path = readableAttribute(model, entry.name, `${where}: entry "${entry.name}"`)
    if (path.relationship && !built.relationships.includes(path.relationship)) {
      built.relationships.push(path.relationship)
    }
    /* rich text and Markdown of the record's own attributes are sanitized
       when read, as the form's fields sanitize them */
    const sanitize = path.relationship ? null : textSanitizer(fields, path.attribute)
    built.entries.push(sanitize ? { entry, path, sanitize } : { entry, path })
  }
  return built
}

/**
 * Load what the entries of a record's infolist read: one query per to-one
 * relationship, one per repeatable relationship (narrowed by the entry's
 * `modifyQuery()`, ordered by key) and one per to-one relationship its
 * child entries read. The count does not depend on the number of items.
 */
export async function loadInfolist(built: BuiltInfolist, record: LucidRow) {
  for (const relationship of built.relationships) {
    /* names from the infolist: Lucid types load() by the model's declared relations */
    await record.load(relationship as never)
  }
  for (const { entry, relationship, related, preloads } of built.collections) {
    const modify = entry.getQueryModifier()
    const loader = (query: ModelQueryBuilderContract<LucidModel>) => {
      modify?.(query)
      for (const preload of preloads) {
        query.preload(preload as never)
      }
      query.orderBy(qualifiedKey(related))
    }
    await record.load(relationship as never, loader as never)
  }
}

/**
 * The items of a repeatable entry's value: the related records, or the
 * objects of a JSON list (its text parsed). Other items are left out.
 */
function repeatedItems(value: unknown, collection: boolean): unknown[] {
  let list = value
  if (!collection && typeof value === 'string') {
    try {
      list = JSON.parse(value)
    } catch {
      return []
    }
  }
  if (!Array.isArray(list)) {
    return []
  }
  return collection
    ? list
    : list.filter((item) => item !== null && typeof item === 'object' && !Array.isArray(item))
}

/**
 * How entries show dates that declare no format.
 */
class DefaultFormat extends ValueFormat {
  readonly name = 'default'
}
const DEFAULT_DATE = new DefaultFormat().date()
const DEFAULT_DATE_TIME = new DefaultFormat().dateTime()

/**
 * Serialize one entry of a record (or of an item of a repeatable entry).
 */
function serializeEntry(
  built: BuiltEntry,
  record: unknown,
  presentation: Presentation,
  now: DateTime
): InfolistEntryContract {
  const { entry, path } = built
  const raw = sanitizedValue(
    built.sanitize ?? null,
    path ? readAttribute(record as LucidRow, path) : (record as Record<string, unknown>)[entry.name]
  )
  if (built.children) {
    return {
      name: entry.name,
      label: entry.getLabel(),
      value: null,
      items: repeatedItems(raw, !!built.collection).map((item) =>
        built.children!.map((child) => serializeEntry(child, item, presentation, now))
      ),
    }
  }
  const dateOnly = path ? isDateOnly(path.model, path.attribute) : false
  const contract: InfolistEntryContract = {
    name: entry.name,
    label: entry.getLabel(),
    value:
      path && dateOnly ? serializeAttribute(path.model, path.attribute, raw) : serializeValue(raw),
  }
  /* a date without a declared format: in the panel's locale and time zone */
  const format = entry.hasFormat()
    ? entry
    : entry.constructor === TextEntry && DateTime.isDateTime(raw)
      ? dateOnly
        ? DEFAULT_DATE
        : DEFAULT_DATE_TIME
      : null
  if (format) {
    const presented = format.present(raw, record, presentation, now, dateOnly)
    contract.format = format.formatContract()
    contract.formatted = presented.formatted
    if (presented.link !== undefined) {
      contract.link = presented.link
    }
  }
  entry.completeContract(contract, raw, record)
  return contract
}

/**
 * Serialize the infolist of a record (loaded with {@link loadInfolist}).
 */
export function serializeInfolist(
  built: BuiltInfolist,
  record: LucidRow,
  presentation: Presentation = DEFAULT_PRESENTATION
): InfolistContract {
  const now = DateTime.now()
  const shown = requestPresentation(presentation)
  const infolist: InfolistContract = {
    entries: built.entries.map((entry) => serializeEntry(entry, record, shown, now)),
  }
  if (built.layout) {
    infolist.layout = serializeLayout(built.layout as never)
  }
  return infolist
}
