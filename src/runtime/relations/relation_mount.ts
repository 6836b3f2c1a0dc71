import type { LucidModel } from '@adonisjs/lucid/types/model'
import type {
  HasManyRelationContract,
  HasOneRelationContract,
  ManyToManyRelationContract,
  RelationshipsContract,
} from '@adonisjs/lucid/types/relations'
import { KitConfigurationException } from '../../support/errors.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import { isHiddenAttribute } from '../../definitions/resource/serialize_value.ts'
import { buildForm, buildTable } from '../../definitions/table/builders.ts'
import { Action } from '../../definitions/table/actions/action.ts'
import {
  BulkAction,
  DeleteBulkAction,
  ForceDeleteBulkAction,
  RestoreBulkAction,
} from '../../definitions/table/actions/bulk_action.ts'
import type { Table } from '../../definitions/table/table.ts'
import { Form } from '../../definitions/form/form.ts'
import { KitBuilderException } from '../../support/errors.ts'
import { assertAuditableName } from '../audit/audit_writer.ts'
import { RelationGroup } from '../../definitions/relations/relation_group.ts'
import {
  RelationManager,
  type RelationManagerClass,
} from '../../definitions/relations/relation_manager.ts'

/**
 * The relationship kinds relation managers support. Lucid 22 has no
 * polymorphic (morph) relationships built in, so there are no morph kinds.
 */
export type RelationKind = 'hasOne' | 'hasMany' | 'manyToMany'

const SUPPORTED_KINDS: RelationKind[] = ['hasOne', 'hasMany', 'manyToMany']

/**
 * The Lucid relationship of a relation manager, by kind (`relation.type`).
 */
export type MountedRelationship =
  | HasOneRelationContract<LucidModel, LucidModel>
  | HasManyRelationContract<LucidModel, LucidModel>
  | ManyToManyRelationContract<LucidModel, LucidModel>

function isSupported(relation: RelationshipsContract): relation is MountedRelationship {
  return (SUPPORTED_KINDS as string[]).includes(relation.type)
}

/**
 * Names of the preset row actions of a relation manager.
 */
export const RELATION_ROW_PRESETS = [
  'edit',
  'delete',
  'restore',
  'forceDelete',
  'detach',
  'dissociate',
] as const

/**
 * Names of the preset bulk actions of a soft-deleting relation manager.
 */
export const RELATION_BULK_PRESETS = ['delete', 'restore', 'forceDelete'] as const

/**
 * One relation manager of a mounted resource, validated once at boot: its
 * relationship exists and is of a supported kind, its table, forms, pivot
 * attributes and options are consistent. Holds the Lucid relationship's
 * metadata the endpoints need.
 */
export class MountedRelation {
  /** The manager's name: its relationship */
  readonly name: string
  readonly kind: RelationKind
  readonly related: LucidModel
  /** Lucid relation metadata (booted) */
  readonly relation: MountedRelationship
  /** Form fields of the create and edit forms */
  readonly formFields: string[]
  /** Form fields of the attach form */
  readonly attachFields: string[]

  constructor(
    readonly resource: Resource<any>,
    readonly manager: RelationManager<any>,
    readonly group: RelationGroup | null
  ) {
    const where = `${resource.constructor.name} relation manager ${manager.constructor.name}`
    const fail = (message: string): never => {
      throw new KitConfigurationException(`${where}: ${message}`)
    }

    /* the relationship: exists, supported kind */
    const name = manager.relationship
    if (typeof name !== 'string' || !/^[a-zA-Z][a-zA-Z0-9_]*$/.test(name)) {
      fail(`relationship must be the name of a relationship of ${resource.model.name}`)
    }
    const model: LucidModel = resource.model
    const found: RelationshipsContract | undefined = model.$getRelation(name)
    if (!found) {
      throw new KitConfigurationException(
        `${where}: relationship "${name}" is not a relationship of ${resource.model.name}`
      )
    }
    if (!isSupported(found)) {
      throw new KitConfigurationException(
        `${where}: relationship "${name}" is a ${found.type} relationship; relation managers support ${SUPPORTED_KINDS.join(', ')}`
      )
    }
    const relation = found
    relation.boot()
    this.name = name
    this.kind = relation.type
    this.relation = relation
    this.related = relation.relatedModel()
    this.related.boot()
    const related = this.related
    const isColumn = (property: string) =>
      related.$hasColumn(property) && !isHiddenAttribute(related, property)

    /* pivot attributes: many-to-many only, never the pivot keys */
    const pivot = manager.pivotAttributes
    if (!Array.isArray(pivot) || pivot.some((column) => typeof column !== 'string')) {
      fail('pivotAttributes must be a list of pivot column names')
    }
    if (pivot.length && this.kind !== 'manyToMany') {
      fail(`pivotAttributes apply to manyToMany relationships; "${name}" is ${this.kind}`)
    }
    for (const column of pivot) {
      if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(column)) {
        fail(`pivot attribute ${JSON.stringify(column)} is not a valid column name`)
      }
      const keys =
        relation.type === 'manyToMany'
          ? [relation.pivotForeignKey, relation.pivotRelatedForeignKey]
          : []
      if (keys.includes(column)) {
        fail(`pivot attribute "${column}" is a key of the pivot table and cannot be written`)
      }
      if (related.$hasColumn(column)) {
        fail(`pivot attribute "${column}" has the name of a column of ${related.name}`)
      }
    }

    /* soft deletes need a deletion-time column on the related model */
    if (manager.softDeletes && !related.$hasColumn(manager.deletedAtAttribute)) {
      fail(
        `softDeletes needs "${manager.deletedAtAttribute}" (deletedAtAttribute) to be a column of ${related.name}`
      )
    }

    /* the title attribute and the chooser read real, visible columns */
    if (manager.recordTitleAttribute !== undefined && !isColumn(manager.recordTitleAttribute)) {
      fail(
        `recordTitleAttribute "${manager.recordTitleAttribute}" is not a column of ${related.name}`
      )
    }
    if (this.kind === 'manyToMany' || manager.associates) {
      const select = manager.getAttachRecordSelect()
      if (!select || !Array.isArray(select.searchColumns) || !select.searchColumns.length) {
        fail('getAttachRecordSelect() must name at least one search column')
      }
      for (const column of [...select.searchColumns, select.titleAttribute]) {
        if (typeof column !== 'string' || !isColumn(column)) {
          fail(`getAttachRecordSelect(): "${column}" is not a column of ${related.name}`)
        }
      }
    }

    /* associate and dissociate: has-many only; dissociate needs a nullable key */
    if ((manager.associates || manager.dissociates) && this.kind !== 'hasMany') {
      fail(`associate and dissociate apply to hasMany relationships; "${name}" is ${this.kind}`)
    }
    if (manager.dissociates && manager.foreignKeyNullable !== true) {
      fail(
        `dissociates is enabled but the foreign key "${this.foreignKey}" of ${related.name} is not declared nullable; make the column nullable in its migration and set foreignKeyNullable = true, or disable dissociation`
      )
    }

    this.#validateTable(buildTable(manager), fail)
    this.formFields = this.#validateForm(buildForm(manager), 'form()', fail)
    if (this.formFields.length && typeof manager.validation() !== 'function') {
      fail('validation() must return a Rules class, because the manager has form fields')
    }

    /* the attach form: declared pivot attributes only, with its own rules */
    const attachForm = buildAttachForm(manager)
    this.attachFields = attachForm.getFields().map((field) => field.name)
    for (const field of this.attachFields) {
      if (this.kind !== 'manyToMany') {
        fail(`attachForm() applies to manyToMany relationships; "${name}" is ${this.kind}`)
      }
      if (!pivot.includes(field)) {
        fail(
          `attachForm(): field "${field}" is not a declared pivot column (pivotAttributes: ${pivot.join(', ') || 'none'})`
        )
      }
    }
    if (this.attachFields.length && typeof manager.attachValidation() !== 'function') {
      fail('attachValidation() must return a Rules class, because the attach form has fields')
    }
  }

  #validateTable(table: Table, fail: (message: string) => never) {
    const related = this.related
    const pivot = this.manager.pivotAttributes
    declaredOnce(table.getColumns(), (name) => `table(): column "${name}"`, fail)
    declaredOnce(table.getFilters(), (name) => `table(): filter "${name}"`, fail)
    declaredOnce(table.getActions(), (name) => `table().actions(): action "${name}"`, fail)
    declaredOnce(table.getBulkActions(), (name) => `table().bulkActions(): action "${name}"`, fail)
    for (const column of table.getColumns()) {
      const where = `table(): column "${column.name}"`
      if (column.relationship()) {
        fail(`${where} reads a relationship; relation manager columns read the related model`)
      }
      if (column.isEditable()) {
        fail(`${where}: editable columns are not supported in relation managers`)
      }
      if (pivot.includes(column.name)) {
        if (column.isSortable() || column.isSearchable()) {
          fail(`${where} is a pivot column and cannot be sortable or searchable`)
        }
        continue
      }
      if (!related.$hasColumn(column.name)) {
        fail(`${where} is not a column of ${related.name} nor a declared pivot attribute`)
      }
      if (isHiddenAttribute(related, column.name)) {
        fail(`${where} is a hidden attribute of ${related.name} (serializeAs: null)`)
      }
    }
    for (const filter of table.getFilters()) {
      const problem = filter.problem(related)
      if (problem) fail(`table(): filter "${filter.name}" ${problem}`)
    }
    const sort = table.getDefaultSort()
    if (sort && !related.$hasColumn(sort.column)) {
      fail(`table(): default sort column "${sort.column}" is not a column of ${related.name}`)
    }
    for (const action of [...table.getActions(), ...table.getBulkActions()]) {
      assertAuditableName(action.name, `table(): action "${action.name}"`, fail)
    }
    for (const action of table.getActions()) {
      const where = `table().actions(): action "${action.name}"`
      if (!(action instanceof Action)) fail(`${where} must be an Action`)
      if (action.isHosted() && !action.getCallback()) {
        fail(`${where} has neither a url() nor an action() callback`)
      }
    }
    for (const action of table.getBulkActions()) {
      const where = `table().bulkActions(): action "${action.name}"`
      const resourcePreset =
        action instanceof DeleteBulkAction ||
        action instanceof RestoreBulkAction ||
        action instanceof ForceDeleteBulkAction
      if (!(action instanceof BulkAction) || resourcePreset || !action.getEach()) {
        fail(
          `${where} must be a BulkAction with an eachRecord() callback (the soft-delete preset provides delete, restore and forceDelete)`
        )
      }
    }
  }

  #validateForm(form: Form, member: string, fail: (message: string) => never): string[] {
    const related = this.related
    const relation = this.relation
    const fields = form.getFields()
    declaredOnce(fields, (name) => `${member}: field "${name}"`, fail)
    for (const field of fields) {
      const where = `${member}: field "${field.name}"`
      if (this.manager.pivotAttributes.includes(field.name)) {
        continue
      }
      if (!related.$hasColumn(field.name) || isHiddenAttribute(related, field.name)) {
        fail(`${where} is not a column of ${related.name} nor a declared pivot attribute`)
      }
      if (field.name === related.primaryKey) {
        fail(`${where} is the primary key of ${related.name}`)
      }
      if (relation.type !== 'manyToMany' && field.name === relation.foreignKey) {
        fail(`${where} is the relationship's foreign key; the kit sets it`)
      }
    }
    return fields.map((field) => field.name)
  }

  /**
   * The related model's foreign key property (has-one, has-many).
   */
  get foreignKey(): string {
    return this.owning().foreignKey
  }

  /**
   * The has-one or has-many relationship: the foreign key on the related
   * model (E_KIT_CONFIG for a many-to-many relationship).
   */
  owning(): Exclude<MountedRelationship, ManyToManyRelationContract<LucidModel, LucidModel>> {
    if (this.relation.type === 'manyToMany') {
      throw new KitConfigurationException(`relationship "${this.name}" has no foreign key`)
    }
    return this.relation
  }

  /**
   * The many-to-many relationship: its pivot table and keys (E_KIT_CONFIG
   * for another kind).
   */
  pivot(): ManyToManyRelationContract<LucidModel, LucidModel> {
    if (this.relation.type !== 'manyToMany') {
      throw new KitConfigurationException(`relationship "${this.name}" has no pivot table`)
    }
    return this.relation
  }

  /**
   * Whether the manager has a table action of that name (a custom definition
   * that wins over the preset of the same name).
   */
  hasCustomAction(name: string): boolean {
    return buildTable(this.manager)
      .getActions()
      .some((action) => action.name === name)
  }

  /**
   * Whether the manager declares a bulk action of that name.
   */
  hasCustomBulkAction(name: string): boolean {
    return buildTable(this.manager)
      .getBulkActions()
      .some((action) => action.name === name)
  }
}

/**
 * Refuse two entries of a list under one name.
 */
function declaredOnce(
  entries: { name: string }[],
  where: (name: string) => string,
  fail: (message: string) => never
) {
  const names = new Set<string>()
  for (const { name } of entries) {
    if (names.has(name)) fail(`${where(name)} is declared twice`)
    names.add(name)
  }
}

/**
 * An entry of a resource's relations: a manager, or a group of them.
 */
export type MountedRelationEntry =
  | { type: 'manager'; relation: MountedRelation }
  | { type: 'group'; group: RelationGroup; relations: MountedRelation[] }

/**
 * The relation managers of a resource, validated once at boot.
 */
export class RelationRegistry {
  readonly entries: MountedRelationEntry[] = []
  readonly byName = new Map<string, MountedRelation>()

  constructor(readonly resource: Resource<any>) {
    const where = `${resource.constructor.name}.getRelations()`
    const list = resource.getRelations()
    if (!Array.isArray(list)) {
      throw new KitConfigurationException(`${where} must return a list`)
    }
    const groupIds = new Set<string>()
    for (const entry of list) {
      if (entry instanceof RelationGroup) {
        if (groupIds.has(entry.getId())) {
          throw new KitConfigurationException(
            `${where}: relation group id "${entry.getId()}" is used twice`
          )
        }
        groupIds.add(entry.getId())
        const relations = entry.managers.map((Manager) => this.#mount(Manager, entry, where))
        const preferred = entry.settings().defaultRelation
        if (
          preferred !== null &&
          !relations.some(
            (relation) => relation.name === preferred || relation.manager.constructor === preferred
          )
        ) {
          throw new KitConfigurationException(
            `${where}: relation group "${entry.getId()}" has defaultRelation ${typeof preferred === 'string' ? `"${preferred}"` : (preferred as Function).name}, which is not one of its managers`
          )
        }
        this.entries.push({ type: 'group', group: entry, relations })
      } else {
        this.entries.push({ type: 'manager', relation: this.#mount(entry, null, where) })
      }
    }
  }

  #mount(Manager: RelationManagerClass, group: RelationGroup | null, where: string) {
    if (typeof Manager !== 'function' || !(Manager.prototype instanceof RelationManager)) {
      throw new KitConfigurationException(
        `${where}: entries must be RelationManager classes or RelationGroup.make(...)`
      )
    }
    const relation = new MountedRelation(this.resource, new Manager(), group)
    if (this.byName.has(relation.name)) {
      throw new KitConfigurationException(
        `${where}: relation manager name "${relation.name}" is used twice (${this.byName.get(relation.name)!.manager.constructor.name} and ${Manager.name})`
      )
    }
    this.byName.set(relation.name, relation)
    return relation
  }

  /**
   * Whether the resource has relation managers.
   */
  get size(): number {
    return this.byName.size
  }
}

/**
 * Hand a fresh form builder to a manager's `attachForm()` and insist on
 * getting the same builder back.
 */
export function buildAttachForm(manager: RelationManager<any>): Form {
  const form = new Form()
  if (manager.attachForm(form) !== form) {
    throw new KitBuilderException(
      `${manager.constructor.name}.attachForm() must configure and return the fresh Form it receives`
    )
  }
  return form
}
