import string from '@adonisjs/core/helpers/string'
import { KitConfigurationException } from '../../support/errors.ts'
import { assertIdentifier } from '../../support/config_checks.ts'
import type { RelationManagerClass } from './relation_manager.ts'
import { localize, type LocalizedText } from '../../i18n/localized.ts'

/**
 * A titled group of relation managers, rendered as tabs. Grouping is
 * presentation only: it changes no URL, authorization, validation or query.
 *
 * @example
 * ```ts
 * getRelations() {
 *   return [
 *     RelationGroup.make({ en: 'Content', fr: 'Contenu' }, [CommentsRelationManager, LabelsRelationManager])
 *       .id('content')
 *       .icon('folder')
 *       .defaultRelation('labels'),
 *   ]
 * }
 * ```
 */
export class RelationGroup {
  #id: string
  /** The title as configuration errors name it (English, or the first locale's) */
  #name: string
  #description: LocalizedText | null = null
  #icon: string | null = null
  #contained = false
  #defaultRelation: RelationManagerClass | string | null = null

  constructor(
    /** The title: one text, or one per locale (shown in the request's language) */
    readonly title: LocalizedText,
    readonly managers: RelationManagerClass[]
  ) {
    const texts = typeof title === 'string' ? [title] : Object.values(title ?? {})
    if (!texts.length || texts.some((text) => typeof text !== 'string' || text.trim() === '')) {
      throw new KitConfigurationException('RelationGroup.make() needs a non-empty title')
    }
    this.#name = localize(title, 'en')
    if (!Array.isArray(managers) || managers.length === 0) {
      throw new KitConfigurationException(
        `RelationGroup "${this.#name}" needs a non-empty list of relation manager classes`
      )
    }
    this.#id = string.dashCase(this.#name)
  }

  /**
   * Create a group of relation managers.
   */
  static make(title: LocalizedText, managers: RelationManagerClass[]): RelationGroup {
    return new RelationGroup(title, managers)
  }

  /**
   * Identifier of the group (default: the (English) title in dash case).
   */
  id(id: string): this {
    assertIdentifier(id, `RelationGroup "${this.#name}": id`)
    this.#id = id
    return this
  }

  /**
   * Text shown under the group's title: one text, or one per locale.
   */
  description(description: LocalizedText | null): this {
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
   * What the group declares: its id, title and description (in the
   * request's language), icon, whether it is contained, and the manager
   * shown first (a class, a relationship name, or null).
   */
  settings() {
    return {
      id: this.#id,
      title: localize(this.title),
      description: this.#description === null ? null : localize(this.#description),
      icon: this.#icon,
      contained: this.#contained,
      defaultRelation: this.#defaultRelation,
    }
  }
}
