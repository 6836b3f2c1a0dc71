import string from '@adonisjs/core/helpers/string'
import { KitConfigurationException } from '../../support/errors.ts'
import { assertIdentifier } from '../../support/config_checks.ts'
import type { RelationManagerClass } from './relation_manager.ts'

/**
 * A titled group of relation managers, rendered as tabs. Grouping is
 * presentation only: it changes no URL, authorization, validation or query.
 *
 * @example
 * ```ts
 * getRelations() {
 *   return [
 *     RelationGroup.make('Content', [CommentsRelationManager, LabelsRelationManager])
 *       .id('content')
 *       .icon('folder')
 *       .defaultRelation('labels'),
 *   ]
 * }
 * ```
 */
export class RelationGroup {
  #id: string
  #description: string | null = null
  #icon: string | null = null
  #contained = false
  #defaultRelation: RelationManagerClass | string | null = null

  constructor(
    readonly title: string,
    readonly managers: RelationManagerClass[]
  ) {
    if (typeof title !== 'string' || title.trim() === '') {
      throw new KitConfigurationException('RelationGroup.make() needs a non-empty title')
    }
    if (!Array.isArray(managers) || managers.length === 0) {
      throw new KitConfigurationException(
        `RelationGroup "${title}" needs a non-empty list of relation manager classes`
      )
    }
    this.#id = string.dashCase(title)
  }

  /**
   * Create a group of relation managers.
   */
  static make(title: string, managers: RelationManagerClass[]): RelationGroup {
    return new RelationGroup(title, managers)
  }

  /**
   * Identifier of the group (default: the title in dash case).
   */
  id(id: string): this {
    assertIdentifier(id, `RelationGroup "${this.title}": id`)
    this.#id = id
    return this
  }

  /**
   * Text shown under the group's title.
   */
  description(description: string | null): this {
    this.#description = description
    return this
  }

  /**
   * Icon name of the group.
   */
  icon(icon: string | null): this {
    this.#icon = icon
    return this
  }

  /**
   * Render the group inside a contained panel.
   */
  contained(contained = true): this {
    this.#contained = contained
    return this
  }

  /**
   * The manager shown first (a manager class of the group or its
   * relationship name; default: the first manager).
   */
  defaultRelation(relation: RelationManagerClass | string): this {
    this.#defaultRelation = relation
    return this
  }

  /**
   * Identifier of the group, in props and URLs of the page.
   */
  getId() {
    return this.#id
  }

  /**
   * What the group declares: its id, title, description, icon, whether it
   * is contained, and the manager shown first (a class, a relationship
   * name, or null).
   */
  settings() {
    return {
      id: this.#id,
      title: this.title,
      description: this.#description,
      icon: this.#icon,
      contained: this.#contained,
      defaultRelation: this.#defaultRelation,
    }
  }
}
