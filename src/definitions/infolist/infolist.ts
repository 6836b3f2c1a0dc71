import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
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
import { DEFAULT_PRESENTATION, type Presentation } from '../../support/value_format.ts'
import { isDateOnly } from '../resource/value_presenter.ts'
import { buildForm } from '../table/builders.ts'
import { TextEntry } from './text_entry.ts'
import { formLeaves, isLayoutNode, type LayoutChild } from '../form/layout/layout_component.ts'
import { serializeLayout } from '../form/layout/layout_contract.ts'

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
 * The infolist of a resource with its entries checked: declared ones, or by
 * default one entry per visible form field that is a column.
 */
export interface BuiltInfolist {
  entries: { entry: TextEntry; path: AttributePath }[]
  relationships: string[]
  /** The layout tree, when the infolist declares layout components */
  layout: LayoutChild[] | null
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

  let entries = infolist.getEntries()
  if (entries === null) {
    /* default: one entry per form field that is a visible column */
    entries = buildForm(resource)
      .getFields()
      .filter((field) => model.$hasColumn(field.name) && !isHiddenAttribute(model, field.name))
      .map((field) => TextEntry.make(field.name).label(field.getLabel()))
  }

  const names = new Set<string>()
  const built: BuiltInfolist = { entries: [], relationships: [], layout: infolist.getLayout() }
  for (const entry of entries) {
    if (names.has(entry.name)) {
      throw new KitConfigurationException(`${where}: entry "${entry.name}" is declared twice`)
    }
    names.add(entry.name)
    const path = readableAttribute(model, entry.name, `${where}: entry "${entry.name}"`)
    if (path.relationship && !built.relationships.includes(path.relationship)) {
      built.relationships.push(path.relationship)
    }
    built.entries.push({ entry, path })
  }
  return built
}

/**
 * Serialize the infolist of a record (its relationships already preloaded).
 */
export function serializeInfolist(
  built: BuiltInfolist,
  record: LucidRow,
  presentation: Presentation = DEFAULT_PRESENTATION
): InfolistContract {
  const now = DateTime.now()
  const infolist: InfolistContract = {
    entries: built.entries.map(({ entry, path }) => {
      const raw = readAttribute(record, path)
      const dateOnly = isDateOnly(path.model, path.attribute)
      const contract: InfolistEntryContract = {
        name: entry.name,
        label: entry.getLabel(),
        value: dateOnly ? serializeAttribute(path.model, path.attribute, raw) : serializeValue(raw),
      }
      if (entry.hasFormat()) {
        const presented = entry.present(raw, record, presentation, now, dateOnly)
        contract.format = entry.formatContract()
        contract.formatted = presented.formatted
        if (presented.link !== undefined) {
          contract.link = presented.link
        }
      }
      return contract
    }),
  }
  if (built.layout) {
    infolist.layout = serializeLayout(built.layout as never)
  }
  return infolist
}
