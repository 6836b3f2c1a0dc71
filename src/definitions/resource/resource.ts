import { kitAuthorization } from '../authorization/access.ts'
import { dashCase, plural, sentenceCase } from './labels.ts'
import { DateTime } from 'luxon'
import type {
  LucidModel,
  LucidRow,
  ModelAttributes,
  ModelQueryBuilderContract,
} from '@adonisjs/lucid/types/model'
import { softDeletePresets, type BulkAction } from '../table/actions/bulk_action.ts'
import { CreateRecord, EditRecord, ListRecords, type PageRoute } from '../pages/resource_page.ts'
import { type ResourceOperation } from './operation.ts'
import { RecordDeclaration } from '../records/record_declaration.ts'
import type {
  Constructor,
  HookContext,
  KitContext,
  KitUser,
  MaybeLazy,
  MutationData,
} from '../types.ts'
import { ParentRegistration } from '../nesting/parent_registration.ts'
import type { Infolist } from '../infolist/infolist.ts'
import type { WidgetEntry } from '../pages/widgets.ts'
import type { RelationManagerClass } from '../relations/relation_manager.ts'
import type { RelationGroup } from '../relations/relation_group.ts'
import type {
  Cluster,
  NavigationBadgeColor,
  NavigationBadgeContext,
  NavigationBadgeValue,
} from './navigation.ts'

export { isClass } from '../../support/is_class.ts'
export { isValidKey } from '../records/record_declaration.ts'
import { attachKeyOf, manyToManyClient, relationClient, valueOf } from './record_values.ts'
import { contextTranslator, type KitTranslator } from '../../i18n/translator.ts'
import { localize, recordWords, type LocalizedText } from '../../i18n/localized.ts'
import type { RecordWords } from '../../contracts/main.ts'
import type { KitMessageKey } from '../../i18n/en.ts'

/**
 * The catalog key of each operation's success message.
 */
const SUCCESS_MESSAGES: Record<string, KitMessageKey> = {
  create: 'message.created',
  edit: 'message.saved',
  delete: 'message.deleted',
  restore: 'message.restored',
  forceDelete: 'message.forceDeleted',
}

/**
 * A Bouncer policy class, or a lazy import of one.
 */
export type PolicyReference = MaybeLazy<Constructor>

/**
 * The query builder of a resource's model.
 */
export type ResourceQuery<Model extends LucidModel> = ModelQueryBuilderContract<
  Model,
  InstanceType<Model>
>

/**
 * One resource per Lucid model. It owns the scoped query, the table, the
 * form, the validation class, the authorization, the pages and the
 * persistence hooks of that model. Resource instances are created once per
 * panel at boot and must keep no per-request state.
 *
 * @example
 * ```ts
 * export default class PostResource extends Resource<typeof Post> {
 *   model = Post
 *   policy = () => import('#policies/post_policy')
 *
 *   table(table: Table) {
 *     return table.columns([TextColumn.make('title').searchable().sortable()])
 *   }
 *
 *   form(form: Form) {
 *     return form.schema([TextInput.make('title').required().maxLength(255)])
 *   }
 *
 *   validation() {
 *     return PostRules
 *   }
 * }
 * ```
 */
export abstract class Resource<Model extends LucidModel = LucidModel> extends RecordDeclaration<
  InstanceType<Model>
> {
  /**
   * The Lucid model the resource manages.
   */
  abstract readonly model: Model

  /**
   * URL slug (default: plural kebab case of the model name).
   */
  slug?: string

  /**
   * Singular label (default: the model name in sentence case), one text or
   * one per locale: `label = { en: 'Post', fr: 'Article' }`.
   */
  label?: LocalizedText

  /**
   * Plural label (default: the plural of the label), one text or one per
   * locale: `pluralLabel = { en: 'Posts', fr: 'Articles' }`.
   */
  pluralLabel?: LocalizedText

  /**
   * Grammatical gender of the label per locale, for the languages whose
   * sentences agree with it (`{ fr: 'feminine' }`: « 2 étiquettes
   * supprimées »). Default: masculine.
   */
  labelGender?: Readonly<Record<string, 'masculine' | 'feminine'>>

  /**
   * Icon name for navigation.
   */
  navigationIcon?: string

  /**
   * Label of the resource's panel navigation item (default: the plural label).
   */
  navigationLabel?: LocalizedText

  /**
   * Group of the navigation item (`'Content'`, `'Settings'`): the panel
   * navigation shows ungrouped items first, then each group under its
   * label, in the order of the group's first item.
   */
  navigationGroup?: LocalizedText

  /**
   * Position of the navigation item: lower first; items without one come
   * last, by label.
   */
  navigationSort?: number

  /**
   * The badge of the navigation item (a count or a short text), computed
   * after the page (a deferred prop: it never slows the page), only for
   * users who may list the resource. Count through `context.count()` or
   * `context.scopedQuery()` so the badge counts what the user may see. A
   * badge that throws is logged and left out.
   *
   * @example
   * ```ts
   * navigationBadge(context: NavigationBadgeContext) {
   *   return context.count((query) => query.where('is_published', false))
   * }
   * ```
   */
  navigationBadge?(
    context: NavigationBadgeContext
  ): NavigationBadgeValue | Promise<NavigationBadgeValue>

  /**
   * The color of the navigation badge (`primary`, `gray`, `success`,
   * `warning`, `danger`, `info`; default gray).
   */
  navigationBadgeColor?: NavigationBadgeColor

  /**
   * The tooltip of the navigation badge (`'Drafts'`), also read by screen
   * readers after the count.
   */
  navigationBadgeTooltip?: LocalizedText

  /**
   * The {@link Cluster} the resource belongs to: the panel navigation shows
   * the cluster once, and the resource's pages show its sub-navigation.
   */
  navigationCluster?: Cluster

  /**
   * Name of the model's relationship to the tenant (belongsTo or
   * manyToMany). Every query of the resource is then constrained to the
   * current tenant, created records receive the tenant server-side, and
   * without a current tenant the resource refuses to read.
   */
  tenantRelationship?: string

  /**
   * The Bouncer policy the default `canAccess()` asks. Without one, every
   * operation is denied.
   */
  policy?: PolicyReference

  /**
   * Entries of the view page. Receives a fresh infolist and must return it.
   * Default: one text entry per form field that is a visible column.
   */
  infolist(infolist: Infolist): Infolist {
    return infolist
  }

  /**
   * Widgets shown above the resource's list (its list or manage page,
   * published as `headerWidgets`, before the page's own). Record and create
   * pages show only the widgets their page declares (`headerWidgets()`,
   * `footerWidgets()`).
   */
  widgets(): WidgetEntry[] {
    return []
  }

  /**
   * Page keys a record page moves between (its `subNavigation` prop). Each
   * must be a record page of `getPages()`; entries the user may not open are
   * left out.
   */
  recordSubNavigation(): string[] {
    return []
  }

  /**
   * Attributes searched by the global search (columns, or `relation.column`
   * of a to-one relationship). An empty list leaves the resource out of the
   * global search. Default: the record title attribute, when there is one.
   */
  globallySearchableAttributes(): string[] {
    const attribute = this.recordTitleAttribute()
    return attribute ? [attribute] : []
  }

  /**
   * Title of a global search result: the record title.
   */
  globalSearchTitle(record: InstanceType<Model>): string {
    return this.recordTitle(record)
  }

  /**
   * Page key to page route. Record pages use the `:record` placeholder.
   */
  getPages(): Record<string, PageRoute> {
    return {
      index: ListRecords.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  /**
   * Start the registration of a nested resource under this resource.
   *
   * @example
   * ```ts
   * // in CommentResource
   * getParentResourceRegistration() {
   *   return PostResource.asParent().relationship('comments').parameter('post')
   * }
   * ```
   */
  static asParent(this: abstract new () => Resource<any>): ParentRegistration {
    return new ParentRegistration(this)
  }

  /**
   * Nest this resource under a parent resource: its URLs become
   * `/<parent-slug>/:parent/<slug>/...`, every query runs through the
   * parent's relationship, and the parent is resolved through its own
   * scoped query and authorized (view) on every request.
   */
  getParentResourceRegistration(): ParentRegistration | null {
    return null
  }

  /**
   * Relation managers (and relation groups of them) shown on the edit and
   * view pages. Manager names (their relationships) and group ids must be
   * unique; grouping changes no URL, authorization, validation or query.
   */
  getRelations(): Array<RelationManagerClass | RelationGroup> {
    return []
  }

  /**
   * Scoping applied to every query of the resource: lists, lookups, actions,
   * searches. A record outside it does not exist for the resource.
   */
  modifyQuery(query: ResourceQuery<Model>, _context: KitContext): ResourceQuery<Model> {
    return query
  }

  /**
   * The authorization decision. The default asks the resource's Bouncer
   * policy for `operation.policyAbility()` on the record (or on the model
   * class when there is no record). No user, no policy, or a policy without
   * that method: denied. Override it to decide otherwise; the kit's runtime
   * asks it (see `src/runtime/authorization`).
   */
  async canAccess(
    operation: ResourceOperation,
    record: InstanceType<Model> | null,
    user: KitUser | null,
    context?: KitContext
  ): Promise<boolean> {
    return kitAuthorization().resourcePolicy(this, operation, record, user, context)
  }

  /**
   * The decision `authorize()` would make, without throwing. Only a literal
   * `true` from `canAccess()` allows; exceptions are not swallowed. Decided
   * by the kit's runtime, once per request, user, operation and record.
   */
  async allows(
    operation: ResourceOperation,
    record: InstanceType<Model> | null,
    user: KitUser | null,
    context?: KitContext
  ): Promise<boolean> {
    return kitAuthorization().allows(this, operation, record, user, context)
  }

  /**
   * Authorize an operation or throw E_KIT_FORBIDDEN (403). Decided by the
   * kit's runtime, which explains a denial in the debug log.
   */
  async authorize(
    operation: ResourceOperation,
    record: InstanceType<Model> | null,
    user: KitUser | null,
    context?: KitContext
  ): Promise<void> {
    return kitAuthorization().authorize(this, operation, record, user, context)
  }

  /**
   * The attribute used as the record title, when there is one.
   */
  recordTitleAttribute(): string | null {
    return null
  }

  /**
   * The title of a record: the title attribute, else `name`, `title` or
   * `label`, else `<Label> #<key>`. Never blank.
   */
  recordTitle(record: InstanceType<Model>): string {
    const row = record as LucidRow & Record<string, unknown>
    const attributes = this.recordTitleAttribute()
      ? [this.recordTitleAttribute()!]
      : ['name', 'title', 'label']

    for (const attribute of attributes) {
      const value = row[attribute]
      if (value !== null && value !== undefined && String(value).trim() !== '') {
        return String(value)
      }
    }
    return `${this.getLabel()} #${row.$primaryKeyValue}`
  }

  /**
   * Message flashed after a successful mutation.
   */
  successMessage(
    operation: ResourceOperation,
    record: InstanceType<Model>,
    translator: KitTranslator = contextTranslator()
  ): string {
    const key = SUCCESS_MESSAGES[operation.name] ?? 'message.updated'
    return translator.t(key, {
      label: this.getLabel(),
      title: this.recordTitle(record),
      gender: this.getRecordWords().gender,
    })
  }

  /**
   * Create the record. The default fills the model's columns from the data
   * and saves in the transaction. An override must return an instance of the
   * resource's model.
   */
  async handleRecordCreation(
    data: MutationData,
    context: HookContext
  ): Promise<InstanceType<Model>> {
    const record = new this.model() as InstanceType<Model>
    record.merge(pickColumns(this.model, data) as Partial<ModelAttributes<InstanceType<Model>>>)
    record.useTransaction(context.trx)
    await record.save()
    return record
  }

  /**
   * Create a record of a nested resource under its parent. The default
   * creates it like `handleRecordCreation()` with the parent's key written
   * through the relationship (a hasOne/hasMany foreign key, or a pivot row
   * for manyToMany), never from the input.
   */
  async handleRecordCreationForParent(
    parent: LucidRow,
    data: MutationData,
    context: HookContext
  ): Promise<InstanceType<Model>> {
    const relationship = this.getParentResourceRegistration()!.getRelationship(this.model)
    const relation = relationClient(parent, relationship).relation
    if (relation.type === 'manyToMany') {
      const record = await this.handleRecordCreation(data, context)
      await manyToManyClient(parent, relationship).attach(
        [attachKeyOf(record, relation.relatedKey)],
        context.trx
      )
      return record
    }
    return this.handleRecordCreation(
      { ...data, [relation.foreignKey]: valueOf(parent, relation.localKey) },
      context
    )
  }

  /**
   * Update the record. The default fills the model's columns from the data
   * and saves in the transaction.
   */
  async handleRecordUpdate(
    record: InstanceType<Model>,
    data: MutationData,
    context: HookContext
  ): Promise<InstanceType<Model>> {
    record.merge(pickColumns(this.model, data) as Partial<ModelAttributes<InstanceType<Model>>>)
    record.useTransaction(context.trx)
    await record.save()
    return record
  }

  /**
   * The bulk actions the soft-delete preset adds to the table when the
   * table declares none of its own lifecycle bulk actions: delete (to the
   * trash), restore and delete permanently, each authorized with its `*Any`
   * ability, then per record (`delete`, `restore`, `forceDelete`), and
   * offered in the trashed filter states where they apply.
   */
  softDeleteBulkActions(): BulkAction[] {
    return softDeletePresets()
  }

  /**
   * Delete the record in the transaction: with the soft-delete preset, set
   * its deletion time; otherwise remove the row.
   */
  async handleRecordDeletion(record: InstanceType<Model>, context: HookContext): Promise<void> {
    record.useTransaction(context.trx)
    if (this.softDeletes) {
      record.merge({ [this.deletedAtAttribute]: DateTime.now() } as Partial<
        ModelAttributes<InstanceType<Model>>
      >)
      await record.save()
      return
    }
    await record.delete()
  }

  /**
   * URL slug of the resource.
   */
  getSlug(): string {
    return this.slug ?? dashCase(plural(this.model.name))
  }

  /**
   * Singular label of the resource.
   */
  getLabel(): string {
    return this.label === undefined ? sentenceCase(this.model.name) : localize(this.label)
  }

  /**
   * Plural label of the resource.
   */
  getPluralLabel(): string {
    if (this.pluralLabel !== undefined) {
      return localize(this.pluralLabel)
    }
    /* English plural rules only make sense of an English label */
    return this.label === undefined || typeof this.label === 'string'
      ? plural(this.getLabel())
      : this.getLabel()
  }

  /**
   * The words that name the resource's records inside sentences ("Delete 2
   * posts?"), in the request's locale: singular and plural labels, and the
   * label's grammatical gender.
   */
  getRecordWords(): RecordWords {
    return recordWords(this.getLabel(), this.getPluralLabel(), this.labelGender)
  }

  /**
   * URL of one of the resource's pages. A record it cannot name (unsaved,
   * an empty key, a key of another shape than `recordKeyType`) is refused
   * with `E_KIT_URL`, naming the resource and the page.
   *
   * @example
   * ```ts
   * resource.url('edit', post) // '/admin/posts/1/edit'
   * ```
   */
  url(
    page: string,
    record?: LucidRow | string | number | null,
    parent?: LucidRow | string | number | null
  ): string {
    return this.#mounted().url(page, record, parent)
  }

  /**
   * URL of the resource's routes (nested resources: under the parent
   * record, which defaults to the current request's parent).
   *
   * @example
   * ```ts
   * commentResource.baseUrl(post) // '/admin/posts/1/comments'
   * ```
   */
  baseUrl(parent?: LucidRow | string | number | null): string {
    return this.#mounted().baseUrl(parent)
  }

  #mounted(): ResourceUrls {
    const mount = mountedUrls.get(this)
    if (!mount) {
      throw new Error(`${this.constructor.name} is not mounted on a panel or the route facade`)
    }
    return mount
  }
}

/**
 * A record key as a route carries it: a number (a model's key, a JSON body's
 * value) becomes its decimal string, so `1` and `'1'` name the same record;
 * anything else is left for {@link isValidKey} to judge.
 */
export function normalizeRecordKey(key: unknown): unknown {
  return typeof key === 'number' || typeof key === 'bigint' ? String(key) : key
}

/**
 * Keep only the keys of the data that are columns of the model (never the
 * primary key). JavaScript dates (what Vine's date rule returns) become
 * Luxon DateTimes for `@column.date()` and `@column.dateTime()` columns.
 */
export function pickColumns(model: LucidModel, data: MutationData): MutationData {
  const picked: MutationData = {}
  for (const [key, value] of Object.entries(data)) {
    if (model.$hasColumn(key) && !isPrimaryKey(model, key)) {
      picked[key] =
        value instanceof Date && isDateColumn(model, key) ? DateTime.fromJSDate(value) : value
    }
  }
  return picked
}

function isDateColumn(model: LucidModel, key: string) {
  const type = model.$getColumn(key)?.meta?.type
  return type === 'date' || type === 'datetime'
}

function isPrimaryKey(model: LucidModel, key: string) {
  return model.primaryKey === key
}

/**
 * How a mounted resource builds its URLs: its mount, bound when the kit
 * mounts the resource (the definition does not import the runtime).
 */
export interface ResourceUrls {
  url(
    page: string,
    record?: LucidRow | string | number | null,
    parent?: LucidRow | string | number | null
  ): string
  baseUrl(parent?: LucidRow | string | number | null): string
}

const mountedUrls = new WeakMap<Resource<any>, ResourceUrls>()

/**
 * Bind a resource instance to the mount that answers its URLs (the last
 * one mounted).
 * @internal
 */
export function bindResourceUrls(resource: Resource<any>, urls: ResourceUrls) {
  mountedUrls.set(resource, urls)
}
