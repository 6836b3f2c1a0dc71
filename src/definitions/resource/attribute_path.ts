import type { RelationshipsContract } from '@adonisjs/lucid/types/relations'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import { KitConfigurationException } from '../../support/errors.ts'
import { isHiddenAttribute } from './serialize_value.ts'
import { valueOf } from './record_values.ts'

/**
 * A readable attribute: a model property (`title`) or one attribute of a
 * to-one relationship (`author.fullName`).
 */
export interface AttributePath {
  name: string
  relationship: string | null
  attribute: string
  /** The model that holds the attribute */
  model: LucidModel
}

/**
 * Check that a path names a visible column of the model, or of a belongsTo
 * or hasOne relationship of it. Hidden attributes (`serializeAs: null`) are
 * refused: they never reach a prop or a search. `where` names the resource
 * and the member in the refusal.
 */
export function readableAttribute(model: LucidModel, path: unknown, where: string): AttributePath {
  if (typeof path !== 'string' || path.length === 0) {
    throw new KitConfigurationException(
      `${where}: ${JSON.stringify(path)} is not an attribute name`
    )
  }
  const dot = path.indexOf('.')
  if (dot === -1) {
    if (!model.$hasColumn(path)) {
      throw new KitConfigurationException(`${where}: "${path}" is not a column of ${model.name}`)
    }
    if (isHiddenAttribute(model, path)) {
      throw new KitConfigurationException(
        `${where}: "${path}" is a hidden attribute of ${model.name} (serializeAs: null)`
      )
    }
    return { name: path, relationship: null, attribute: path, model }
  }

  const relationship = path.slice(0, dot)
  const attribute = path.slice(dot + 1)
  const relation = model.$getRelation(relationship) as RelationshipsContract | undefined
  if (!relation) {
    throw new KitConfigurationException(
      `${where}: "${relationship}" is not a relationship of ${model.name}`
    )
  }
  if (!['belongsTo', 'hasOne'].includes(relation.type)) {
    throw new KitConfigurationException(
      `${where}: "${relationship}" is a ${relation.type} relationship; only to-one relationships (belongsTo, hasOne) can be read`
    )
  }
  relation.boot()
  const related: LucidModel = relation.relatedModel()
  if (attribute.includes('.') || !related.$hasColumn(attribute)) {
    throw new KitConfigurationException(
      `${where}: "${attribute}" is not a column of ${related.name}`
    )
  }
  if (isHiddenAttribute(related, attribute)) {
    throw new KitConfigurationException(
      `${where}: "${path}" is a hidden attribute of ${related.name} (serializeAs: null)`
    )
  }
  return { name: path, relationship, attribute, model: related }
}

/**
 * Read an attribute path from a record whose relationship was preloaded.
 */
export function readAttribute(record: LucidRow, path: AttributePath): unknown {
  /* a to-one relationship: its preloaded record, or null */
  const source = path.relationship
    ? (valueOf(record, path.relationship) as LucidRow | null | undefined)
    : record
  return source ? valueOf(source, path.attribute) : null
}
