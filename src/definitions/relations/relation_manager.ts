import string from '@adonisjs/core/helpers/string'
import type { LucidModel, LucidRow, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { RecordDeclaration } from '../records/record_declaration.ts'
import type { Form } from '../form/form.ts'
import type { RulesClass } from '../validation/rules.ts'
import type { HookContext, KitContext, KitUser } from '../types.ts'
import type { ResourceOperation } from '../resource/operation.ts'
import type { PolicyReference, Resource } from '../resource/resource.ts'
import { kitAuthorization } from '../authorization/access.ts'
import { localize, recordWords, type LocalizedText } from '../../i18n/localized.ts'
import type { RecordWords } from '../../contracts/main.ts'

/**
 * Query builder of the related model, as the attach and associate scopes
 * receive it.
 */
export type RelatedQuery = ModelQueryBuilderContract<LucidModel, LucidRow>

/**
 * How the attach and associate choosers find and label candidates.
 */
export interface RecordSelect {
  /** Label of the chooser */
  label: string
  /** Columns of the related model searched with the chooser's term */
  searchColumns: string[]
  /** Column of the related model shown as the option label */
  titleAttribute: string
}

/**
 * What a relation manager's hooks receive besides the record.
 */
export interface RelationHookContext<Owner extends LucidModel = LucidModel> extends HookContext {
  /** The owner record, resolved through its resource's scoped query */
  owner: InstanceType<Owner>
}

/**
 * What a relation manager's `canAccess()` receives as its context when the
 * kit asks: the request context, the owner record (resolved through its
 * resource's scoped query), the owner's resource and the related model.
 */
export interface RelationAccessContext<Owner extends LucidModel = LucidModel> extends KitContext {
  owner: InstanceType<Owner>
  ownerResource: Resource<any>
  related: LucidModel
}

/**
 * Constructor of a relation manager.
 */
export type RelationManagerClass = new () => RelationManager<any>

/**
 * Manages the records of one Lucid relationship of a resource's model on the
 * owner's edit (and view) page: a table, a form, a validation class and its
 * own authorization. Every related record is resolved again through the
 * owner's relationship; the owner itself through its resource's scoped query.
 * Authorization is fail-closed: the default `canAccess()` asks the
 * manager's `policy` (the related model's Bouncer policy), else the owner
 * resource's policy for `update` on the owner; anything else denies.
 *
 * @example
 * ```ts
 * export default class CommentsRelationManager extends RelationManager<typeof Post> {
 *   relationship = 'comments'
 *   recordTitleAttribute = 'body'
 *
 *   table(table: Table) {
 *     return table.columns([TextColumn.make('body').searchable()])
 *   }
 *
 *   form(form: Form) {
 *     return form.schema([Textarea.make('body').required()])
 *   }
 *
 *   validation() {
 *     return CommentRules
 *   }
 *
 *   async canAccess(operation: ResourceOperation, record: Comment | null, user: User | null) {
 *     return user?.isAdmin === true
 *   }
 * }
 * ```
 */
export abstract class RelationManager<
  Owner extends LucidModel = LucidModel,
> extends RecordDeclaration {
  /**
   * Name of a Lucid relationship of the owner model (hasOne, hasMany or
   * manyToMany). It is also the manager's name in URLs and props.
   */
  abstract readonly relationship: string

  /**
   * Attribute of the related model used as the record title.
   */
  recordTitleAttribute?: string

  /**
   * Label of the manager (default: the relationship name in sentence case),
   * one text or one per locale.
   */
  label?: LocalizedText

  /**
   * How one related record is named in sentences ("Detach 2 comments?"),
   * one text or one per locale (default: the related model's name).
   */
  recordLabel?: LocalizedText

  /**
   * How several related records are named in sentences (default: the
   * plural of the record label).
   */
  recordPluralLabel?: LocalizedText

  /**
   * Grammatical gender of the record label per locale (`{ fr: 'feminine' }`).
   */
  recordLabelGender?: Readonly<Record<string, 'masculine' | 'feminine'>>

  /**
   * Writable pivot columns (many-to-many), as named in the pivot table. Only
   * these are ever written to the pivot table; they appear as root row
   * attributes and may be form and attach-form fields.
   */
  pivotAttributes: string[] = []

  /**
   * Offer associate (has-many): move an existing record under the owner.
   */
  associates = false

  /**
   * Offer dissociate (has-many): set a related record's foreign key to null.
   * Requires `foreignKeyNullable = true`, checked at boot, and the column is
   * checked against the database schema before the first dissociation.
   */
  dissociates = false

  /**
   * Declares that the related model's foreign key column is nullable in the
   * migration (required to enable dissociation).
   */
  foreignKeyNullable = false

  /**
   * Fields of the attach form (many-to-many): declared pivot attributes only.
   */
  attachForm(form: Form): Form {
    return form
  }

  /**
   * Validation class of the attach form, validated as operation
   * `relation.attach` (source `relation`). Default: the manager's
   * centralized `validation()` class, which serves the attach form too.
   * Required when the attach form has fields.
   */
  attachValidation(): RulesClass | undefined {
    return this.validation()
  }

  /**
   * How the attach and associate choosers search and label candidates.
   */
  getAttachRecordSelect(): RecordSelect {
    const title = this.recordTitleAttribute ?? 'id'
    return { label: 'Record', searchColumns: [title], titleAttribute: title }
  }

  /**
   * Narrow the records that may be attached. Applied to chooser searches and
   * to every submitted key: a record outside it cannot be attached.
   */
  modifyAttachQuery(query: RelatedQuery, _context: KitContext): RelatedQuery {
    return query
  }

  /**
   * Narrow the records that may be associated. Applied to chooser searches
   * and to every submitted key.
   */
  modifyAssociateQuery(query: RelatedQuery, _context: KitContext): RelatedQuery {
    return query
  }

  /**
   * The related model's Bouncer policy the default `canAccess()` asks.
   */
  policy?: PolicyReference

  /**
   * The relation-specific authorization decision (fail-closed). `record` is
   * the related record, or null for operations on the relation as a whole.
   * Writes also need the owner resource's Edit operation; reads its View or
   * Edit operation.
   *
   * The default, with a `policy`: the policy's `operation.policyAbility()`
   * method (`viewAny`, `create`, `update`, `delete`, `attach`, `detach`,
   * `associate`, `dissociate`, ...) with the related record (or the related
   * model class) and the owner. A policy without that method denies.
   * Without a `policy`: the owner resource's policy `update(user, owner)`.
   * No user, no policy at all, or no owner in the context: denied.
   */
  async canAccess(
    operation: ResourceOperation,
    record: LucidRow | null,
    user: KitUser | null,
    /** When the kit asks: a {@link RelationAccessContext} (the owner, its resource, the related model) */
    context?: KitContext | RelationAccessContext<Owner>
  ): Promise<boolean> {
    return kitAuthorization().managerPolicy(this, operation, record, user, context)
  }

  /**
   * Label of the manager.
   */
  getLabel(): string {
    return this.label === undefined ? string.sentenceCase(this.relationship) : localize(this.label)
  }

  /**
   * The words naming the related records in sentences, in the request's
   * locale; `modelName` is the related model's name (the default label).
   */
  getRecordWords(modelName: string): RecordWords {
    const singular =
      this.recordLabel === undefined ? string.sentenceCase(modelName) : localize(this.recordLabel)
    const plural =
      this.recordPluralLabel !== undefined
        ? localize(this.recordPluralLabel)
        : typeof this.recordLabel === 'object'
          ? singular
          : string.plural(singular)
    return recordWords(singular, plural, this.recordLabelGender)
  }

  /**
   * Title of a related record: the title attribute, else `name`, `title` or
   * `label`, else `#<key>`.
   */
  recordTitle(record: LucidRow): string {
    const row = record as LucidRow & Record<string, unknown>
    const attributes = this.recordTitleAttribute
      ? [this.recordTitleAttribute]
      : ['name', 'title', 'label']
    for (const attribute of attributes) {
      const value = row[attribute]
      if (value !== null && value !== undefined && String(value).trim() !== '') {
        return String(value)
      }
    }
    return `#${row.$primaryKeyValue}`
  }
}
