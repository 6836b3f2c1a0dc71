import type {
  HasManyRelationContract,
  HasOneRelationContract,
  ManyToManyRelationContract,
  RelationshipsContract,
} from '@adonisjs/lucid/types/relations'
import { keyOf } from '../resource/record_values.ts'
import string from '@adonisjs/core/helpers/string'
import type { LucidModel, LucidRow, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { sqlColumn, whereInPivot } from '../../support/sql.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { assertRouteParameter } from '../../support/path_safety.ts'
import type { Resource } from '../resource/resource.ts'

/**
 * Constructor of a resource class.
 */
export type ResourceConstructor = abstract new () => Resource<any>

/**
 * How a nested resource hangs under its parent resource: the parent's
 * relationship to the child records, the child's inverse relationship and
 * the name of the parent's route parameter.
 *
 * @example
 * ```ts
 * getParentResourceRegistration() {
 *   return PostResource.asParent().relationship('comments').inverseRelationship('post')
 * }
 * ```
 */
export class ParentRegistration {
  #relationship?: string
  #inverseRelationship?: string
  #parameter = 'parent'

  constructor(readonly resource: ResourceConstructor) {}

  /**
   * The parent model's relationship to the child records (default: the
   * plural camel-cased child model name, `comments` for `Comment`).
   */
  relationship(name: string): this {
    this.#relationship = name
    return this
  }

  /**
   * The child model's belongsTo (or manyToMany) relationship to the parent.
   */
  inverseRelationship(name: string): this {
    this.#inverseRelationship = name
    return this
  }

  /**
   * Name of the parent's route parameter (default: `parent`).
   */
  parameter(name: string): this {
    this.#parameter = name
    return this
  }

  getRelationship(childModel: LucidModel): string {
    return this.#relationship ?? string.camelCase(string.plural(childModel.name))
  }

  getInverseRelationship(): string | undefined {
    return this.#inverseRelationship
  }

  getParameter(): string {
    return this.#parameter
  }
}

/**
 * A validated parent registration: the parent relationship, resolved.
 */
export type BoundParent = {
  registration: ParentRegistration
  relationship: string
  parameter: string
} & (
  | { kind: 'hasOne'; relation: HasOneRelationContract<LucidModel, LucidModel> }
  | { kind: 'hasMany'; relation: HasManyRelationContract<LucidModel, LucidModel> }
  | { kind: 'manyToMany'; relation: ManyToManyRelationContract<LucidModel, LucidModel> }
)

/**
 * Validate a child's parent registration against both resources, once,
 * before any route exists. Each mistake is refused with a message naming
 * the resources.
 */
export function bindParent(
  child: Resource<any>,
  parent: Resource<any> | undefined,
  registration: unknown,
  reservedParameters: string[] = []
): BoundParent {
  const childName = child.constructor.name
  if (!(registration instanceof ParentRegistration)) {
    throw new KitConfigurationException(
      `${childName}.getParentResourceRegistration() must return <ParentResource>.asParent()`
    )
  }
  /* checked: config files are plain JavaScript at run time */
  const ParentClass: unknown = registration.resource
  const parentName = typeof ParentClass === 'function' ? ParentClass.name : String(ParentClass)
  if (typeof ParentClass !== 'function' || !isResourceClass(ParentClass)) {
    throw new KitConfigurationException(
      `${childName}: the parent ${parentName} is not a resource class`
    )
  }
  if (ParentClass === child.constructor) {
    throw new KitConfigurationException(`${childName} cannot be its own parent resource`)
  }
  if (!parent) {
    throw new KitConfigurationException(
      `${childName}: the parent ${parentName} must be mounted with it (same panel or kit.routes() call)`
    )
  }
  if (parent.getParentResourceRegistration()) {
    throw new KitConfigurationException(
      `${childName}: the parent ${parentName} is itself nested; resources nest one level deep only`
    )
  }

  const relationship = registration.getRelationship(child.model)
  const relation = parent.model.$getRelation(relationship) as RelationshipsContract | undefined
  if (!relation) {
    throw new KitConfigurationException(
      `${childName}: "${relationship}" is not a relationship of ${parent.model.name} (parent ${parentName})`
    )
  }
  relation.boot()
  if (relation.type !== 'hasOne' && relation.type !== 'hasMany' && relation.type !== 'manyToMany') {
    throw new KitConfigurationException(
      `${childName}: ${parent.model.name}.${relationship} is a ${relation.type} relationship; parents reach children through hasOne, hasMany or manyToMany`
    )
  }
  if (relation.relatedModel() !== child.model) {
    throw new KitConfigurationException(
      `${childName}: ${parent.model.name}.${relationship} returns ${relation.relatedModel().name}, not ${child.model.name}`
    )
  }

  const inverse = registration.getInverseRelationship()
  if (inverse) {
    const inverseRelation = child.model.$getRelation(inverse) as RelationshipsContract | undefined
    if (!inverseRelation) {
      throw new KitConfigurationException(
        `${childName}: inverse relationship "${inverse}" is not a relationship of ${child.model.name}`
      )
    }
    inverseRelation.boot()
    if (inverseRelation.relatedModel() !== parent.model) {
      throw new KitConfigurationException(
        `${childName}: ${child.model.name}.${inverse} does not return ${parent.model.name}`
      )
    }
  }

  const parameter = registration.getParameter()
  assertRouteParameter(parameter, childName, 'parent', reservedParameters)
  /* one branch per kind: the bound parent carries its relation's own type */
  const common = { registration, relationship, parameter }
  if (relation.type === 'manyToMany') return { ...common, kind: relation.type, relation }
  if (relation.type === 'hasMany') return { ...common, kind: relation.type, relation }
  return { ...common, kind: relation.type, relation }
}

function isResourceClass(value: Function) {
  let prototype = value.prototype
  while (prototype) {
    if (
      typeof prototype.getParentResourceRegistration === 'function' &&
      'modifyQuery' in prototype
    ) {
      return true
    }
    prototype = Object.getPrototypeOf(prototype)
  }
  return false
}

/**
 * Constrain a query of the child model to the parent's related records.
 */
export function constrainToParent(
  query: ModelQueryBuilderContract<LucidModel, LucidRow>,
  childModel: LucidModel,
  bound: BoundParent,
  parent: LucidRow,
  client?: QueryClientContract
) {
  const parentKey = keyOf(parent, bound.relation.localKey)
  if (bound.kind === 'manyToMany') {
    const relation = bound.relation
    whereInPivot(
      query,
      childModel,
      relation.relatedKey,
      {
        table: relation.pivotTable,
        matched: relation.pivotForeignKey,
        selected: relation.pivotRelatedForeignKey,
        key: parentKey,
      },
      client
    )
    return
  }
  query.where(sqlColumn(childModel, bound.relation.foreignKey), parentKey)
}
