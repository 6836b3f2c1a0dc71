import type { LucidModel } from '@adonisjs/lucid/types/model'
import { KitConfigurationException } from '../../support/errors.ts'
import { assertUnique } from '../../support/assert_unique.ts'
import type {
  ListRecords,
  ManageRelatedRecords,
  PageRoute,
  RedirectTarget,
  ResourcePage,
} from '../../definitions/pages/resource_page.ts'
import { PageTab } from '../../definitions/pages/page_tab.ts'
import { RecordPageAction } from '../../definitions/pages/page_actions.ts'
import { ExportAction } from '../../definitions/export/export_action.ts'
import { ImportAction } from '../../definitions/export/import_action.ts'
import { ReplicateAction } from '../../definitions/table/actions/replicate_action.ts'
import { ImpersonateAction } from '../../definitions/table/actions/impersonate_action.ts'
import type { Column } from '../../definitions/table/columns/column.ts'
import type { Action } from '../../definitions/table/actions/action.ts'
import { assertAuditableName } from '../audit/audit_writer.ts'
import type { ExportSettings } from '../../definitions/export/export_settings.ts'
import { BUILT_IN_ACTIONS } from '../table/actions/action_serializer.ts'
import { compiledFieldValidator, declaredFields } from '../validation/validator_cache.ts'
import { fieldKit } from '../form/field_kit.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import { isHiddenAttribute } from '../../definitions/resource/serialize_value.ts'
import { readableAttribute } from '../../definitions/resource/attribute_path.ts'
import { buildForm, buildTable } from '../../definitions/table/builders.ts'
import { tenantOwnership } from '../../definitions/tenancy/tenancy.ts'
import { RelationGroup } from '../../definitions/relations/relation_group.ts'
import { assertSafePagePath, joinPath } from '../../support/path_safety.ts'

/**
 * The boot-time checks of a mounted resource: small functions, each
 * refusing a configuration mistake with a message naming the resource and
 * the member (`PostResource.table(): column "title" is declared twice`).
 */

const byName = (item: { name: string }) => item.name

/**
 * The name of a resource in messages.
 */
function whereOf(resource: Resource<any>) {
  return resource.constructor.name
}

/**
 * The model must be a Lucid model class; a tenant-scoped resource must own
 * its records through its tenant relationship.
 */
export function validateModel(resource: Resource<any>): LucidModel {
  const model: LucidModel | undefined = resource.model
  if (!model || typeof model.$hasColumn !== 'function') {
    throw new KitConfigurationException(`${whereOf(resource)}.model must be a Lucid model class`)
  }
  model.boot()
  if (resource.tenantRelationship) {
    tenantOwnership(model, resource.tenantRelationship, whereOf(resource))
  }
  return model
}

/**
 * The table: unique columns naming real, visible columns (editable ones
 * with a rule), unique filters that can filter, valid row actions, unique
 * bulk actions, a default sort on a column; an ImpersonateAction only
 * where a panel signs in (`signsIn`).
 */
export function validateTable(resource: Resource<any>, model: LucidModel, signsIn = true) {
  const where = `${whereOf(resource)}.table()`
  const table = buildTable(resource)
  assertImpersonationMount(resource, table.getActions(), signsIn)
  const columns = table.getColumns()
  assertUnique(columns, byName, (name) => `${where}: column "${name}"`)
  for (const column of columns) {
    validateColumn(resource, model, column)
  }
  const filters = table.getFilters()
  assertUnique(filters, byName, (name) => `${where}: filter "${name}"`)
  for (const filter of filters) {
    const problem = filter.problem(model)
    if (problem) {
      throw new KitConfigurationException(
        `${where}: filter "${filter.name}" ${problem}; give it an attribute() or a query()`
      )
    }
  }
  const reorder = table.getReorderColumn()
  if (reorder) {
    assertVisibleColumn(model, reorder, `${where}: reorderable("${reorder}")`)
  }
  const group = table.getGroup()
  if (group) {
    assertVisibleColumn(model, group.column, `${where}: groupBy("${group.column}")`)
    if (table.isKeysetPaginated()) {
      throw new KitConfigurationException(
        `${where}: groupBy() and keysetPagination() cannot be combined (the group comes first in the order)`
      )
    }
    if (reorder) {
      throw new KitConfigurationException(
        `${where}: groupBy() and reorderable() cannot be combined (a move would cross groups)`
      )
    }
  }
  validateActions(resource, 'table().actions()', table.getActions(), true)
  assertUnique(table.getBulkActions(), byName, (name) => `${where}: bulk action "${name}"`)
  for (const bulk of table.getBulkActions()) {
    assertAuditableName(bulk.name, `${where}: bulk action "${bulk.name}"`)
    assertFormHasRules(bulk, `${where}: bulk action "${bulk.name}"`)
    assertExportReady(bulk, `${where}: bulk action "${bulk.name}"`)
  }
  const defaultSort = table.getDefaultSort()
  if (defaultSort && !model.$hasColumn(defaultSort.column)) {
    throw new KitConfigurationException(
      `${where}: default sort column "${defaultSort.column}" is not a column of ${model.name}`
    )
  }
}

/**
 * A column reads a visible column of the model, or of a to-one related
 * model; an editable column reads its own model and has a rule.
 */
function validateColumn(resource: Resource<any>, model: LucidModel, column: Column) {
  const where = `${whereOf(resource)}.table(): column "${column.name}"`
  validateColumnSource(model, column, where)
  if (!column.isEditable()) {
    return
  }
  const Rules = resource.validation()
  if (column.relationship()) {
    throw new KitConfigurationException(`${where} reads a relationship and cannot be editable`)
  }
  if (typeof Rules !== 'function' || !compiledFieldValidator(Rules, 'edit', column.name)) {
    throw new KitConfigurationException(
      `${whereOf(resource)}.table(): editable column "${column.name}" needs a rule for "${column.name}" in the resource's validation() class`
    )
  }
}

/**
 * What a column reads: a visible column of the model, or of a to-one
 * related model.
 */
function validateColumnSource(model: LucidModel, column: Column, where: string) {
  const relationship = column.relationship()
  if (relationship) {
    readableAttribute(model, `${relationship}.${column.attribute()}`, where)
  } else {
    assertVisibleColumn(model, column.name, where)
  }
}

/**
 * A column of the model that is not hidden (`serializeAs: null`).
 */
function assertVisibleColumn(model: LucidModel, name: string, where: string) {
  if (!model.$hasColumn(name)) {
    throw new KitConfigurationException(`${where} is not a column of ${model.name}`)
  }
  if (isHiddenAttribute(model, name)) {
    throw new KitConfigurationException(
      `${where} is a hidden attribute of ${model.name} (serializeAs: null) and cannot be shown`
    )
  }
}

/**
 * Actions: unique names the audit trail stores whole, row actions not named
 * like a built-in one, hosted actions with a callback.
 */
function validateActions(
  resource: Resource<any>,
  member: string,
  actions: Action[],
  rowActions: boolean
) {
  const where = (name: string) => `${whereOf(resource)}.${member}: action "${name}"`
  assertUnique(actions, byName, where)
  for (const action of actions) {
    assertAuditableName(action.name, where(action.name))
    if (rowActions && BUILT_IN_ACTIONS.includes(action.name)) {
      throw new KitConfigurationException(
        `${where(action.name)} uses the name of a built-in action (${BUILT_IN_ACTIONS.join(', ')})`
      )
    }
    if (action instanceof RecordPageAction) {
      continue
    }
    if (action instanceof ReplicateAction) {
      assertReplicable(resource, action, where(action.name))
      continue
    }
    if (action.isHosted() && !action.getCallback()) {
      throw new KitConfigurationException(
        `${where(action.name)} has neither a url() nor an action() callback`
      )
    }
    assertFormHasRules(action, where(action.name))
    assertExportReady(action, where(action.name))
  }
}

/**
 * A replicate action copies only many-to-many relationships of the model,
 * and leaves out only fields of the resource's form.
 */
function assertReplicable(resource: Resource<any>, action: ReplicateAction, where: string) {
  const model: LucidModel = resource.model
  const { excluded, relations } = action.replication()
  if (typeof resource.validation() !== 'function') {
    throw new KitConfigurationException(
      `${where}: a replica is validated like a created record; ${whereOf(resource)}.validation() must return a Rules class`
    )
  }
  for (const name of relations) {
    if (model.$getRelation(name)?.type !== 'manyToMany') {
      throw new KitConfigurationException(
        `${where}: copyRelations() names "${name}", which is not a many-to-many relationship of ${model.name}`
      )
    }
  }
  const fields = buildForm(resource)
    .getFields()
    .map((field) => field.name)
  for (const name of excluded) {
    if (!fields.includes(name)) {
      throw new KitConfigurationException(
        `${where}: excludeAttributes() names "${name}", which is not a field of the form (fields: ${fields.join(', ')})`
      )
    }
  }
}

/**
 * An export action declares its columns, and an XLSX export finds its
 * writer: exceljs is an optional peer the application installs.
 */
function assertExportReady(action: unknown, where: string) {
  const settings = (action as { exportSettings?: ExportSettings }).exportSettings
  if (!settings) return
  if (!settings.columns.length) {
    throw new KitConfigurationException(`${where} exports no column: declare columns([...])`)
  }
  if (settings.format === 'xlsx' && !packageInstalled('exceljs')) {
    throw new KitConfigurationException(
      `${where} exports XLSX, which needs the exceljs package: npm install exceljs`
    )
  }
}

/**
 * Whether a package resolves from the kit's own location (an optional
 * peer the application installed).
 */
export function packageInstalled(name: string): boolean {
  try {
    import.meta.resolve(name)
    return true
  } catch {
    return false
  }
}

/**
 * An action that asks for data in a form validates it: it declares rules().
 */
function assertFormHasRules(action: { getForm(): unknown; getRules(): unknown }, where: string) {
  if (action.getForm() && !action.getRules()) {
    throw new KitConfigurationException(
      `${where} declares a form() but no rules(): its data cannot be validated`
    )
  }
}

/**
 * The form: unique fields; a select's configuration, and a rule for a
 * select that edits a relationship.
 */
export function validateForm(resource: Resource<any>, model: LucidModel) {
  const fields = buildForm(resource).getFields()
  assertUnique(fields, byName, (name) => `${whereOf(resource)}.form(): field "${name}"`)
  const kit = fieldKit(model, null)
  for (const field of fields) {
    field.assertConfigured(kit, `${whereOf(resource)}.form()`)
    if (!field.requiresDeclaredRule()) {
      continue
    }
    const Rules = resource.validation()
    const declared =
      typeof Rules === 'function'
        ? [...declaredFields(Rules, 'create'), ...declaredFields(Rules, 'edit')]
        : []
    if (!declared.includes(field.name)) {
      throw new KitConfigurationException(
        `${whereOf(resource)}.form(): field "${field.name}" edits a relationship; the resource's validation() class must declare a rule for "${field.name}"`
      )
    }
  }
}

const RESERVED_PAGE_KEYS = [
  'store',
  'update',
  'destroy',
  'restore',
  'forceDelete',
  'actions',
  'options',
]

/**
 * A page of `getPages()`: a valid key, a page class of this resource with
 * a component, a safe path no other page uses, outside the relation
 * routes; a relation page hosting a declared relation manager; valid tabs
 * and header actions. Returns the page instance.
 */
export function validatePage(
  resource: Resource<any>,
  key: string,
  route: PageRoute,
  mounted: { key: string; route: PageRoute }[]
): ResourcePage {
  const where = `${whereOf(resource)}.getPages().${key}`
  if (!/^[a-zA-Z][a-zA-Z0-9_-]*$/.test(key) || RESERVED_PAGE_KEYS.includes(key)) {
    throw new KitConfigurationException(`${where}: "${key}" is not a valid page key`)
  }
  if (!route || typeof route.page !== 'function') {
    throw new KitConfigurationException(`${where} must be declared with Page.route(path)`)
  }
  const page = new route.page()
  if (page.resource && !(resource instanceof page.resource)) {
    throw new KitConfigurationException(
      `${where}: page ${route.page.name} belongs to ${page.resource.name}`
    )
  }
  if (typeof page.component !== 'string' || page.component.length === 0) {
    throw new KitConfigurationException(`${where}: page ${route.page.name} needs a component`)
  }
  assertSafePagePath(route.path, page.needsRecord(), where)
  const clash = mounted.find((other) => joinPath(other.route.path) === joinPath(route.path))
  if (clash) {
    throw new KitConfigurationException(
      `${where}: path "${route.path}" is already used by page "${clash.key}"`
    )
  }
  if (/^\/:record\/relations(\/|$)/.test(joinPath(route.path))) {
    throw new KitConfigurationException(
      `${where}: path "${route.path}" is reserved for the relation manager routes (/:record/relations/:relation)`
    )
  }
  if (route.page.kind === 'related') {
    validateRelationPage(resource, where, page as ManageRelatedRecords)
  }
  validateTabs(where, page)
  const headerActions = page.headerActions?.()
  if (headerActions) {
    const member = `getPages().${key}.headerActions()`
    validateActions(resource, member, headerActions, false)
    for (const action of headerActions) {
      if (action instanceof RecordPageAction && !page.needsRecord()) {
        throw new KitConfigurationException(
          `${whereOf(resource)}.${member}: action "${action.name}" acts on the page's record; "${key}" is not a record page`
        )
      }
      if (
        (action instanceof ExportAction || action instanceof ImportAction) &&
        !['list', 'manage'].includes(route.page.kind)
      ) {
        throw new KitConfigurationException(
          `${whereOf(resource)}.${member}: action "${action.name}" exports or imports the list; declare it on the list page`
        )
      }
    }
  }
  return page
}

/**
 * Tabs: `PageTab.make()` entries, unique keys, at most one default.
 */
function validateTabs(where: string, page: ResourcePage) {
  const tabs = (page as ListRecords).tabs?.()
  if (!tabs) {
    return
  }
  if (!tabs.every((tab) => tab instanceof PageTab)) {
    throw new KitConfigurationException(`${where}: tabs() must return PageTab.make(...) entries`)
  }
  assertUnique(
    tabs,
    (tab) => tab.key,
    (name) => `${where}: tab "${name}"`
  )
  if (tabs.filter((tab) => tab.isDefault()).length > 1) {
    throw new KitConfigurationException(`${where}: more than one tab is marked default()`)
  }
}

/**
 * A resource with a create, edit or manage page validates with a Rules
 * class.
 */
export function validateFormPages(
  resource: Resource<any>,
  pages: { key: string; route: PageRoute; page: ResourcePage }[]
) {
  const hasForm = pages.some(({ route }) => ['create', 'edit', 'manage'].includes(route.page.kind))
  if (hasForm && typeof resource.validation() !== 'function') {
    throw new KitConfigurationException(
      `${whereOf(resource)}.validation() must return a Rules class, because the resource has a create or edit page`
    )
  }
  for (const { key, route, page } of pages) {
    const target = pageRedirectTarget(route.page.kind, page)
    if (target === undefined) continue
    const member = route.page.kind === 'create' ? 'redirectAfterCreate' : 'redirectAfterSave'
    const where = `${whereOf(resource)}.getPages().${key}.${member}()`
    if (typeof target !== 'function' && !REDIRECT_TARGETS.includes(target as string)) {
      throw new KitConfigurationException(
        `${where} must return "list", "view", "edit" or a function of the record (got ${JSON.stringify(target)})`
      )
    }
    if (target === 'view' && !pages.some((other) => other.route.page.kind === 'view')) {
      throw new KitConfigurationException(
        `${where} returns "view", but the resource has no view page`
      )
    }
  }
}

const REDIRECT_TARGETS = ['list', 'view', 'edit']

/**
 * The redirect target a form page declares: `redirectAfterCreate()` of a
 * create page, `redirectAfterSave()` of an edit page; undefined for other
 * pages.
 */
export function pageRedirectTarget(kind: string, page: ResourcePage): RedirectTarget | undefined {
  const form = page as ResourcePage & {
    redirectAfterCreate?: () => RedirectTarget
    redirectAfterSave?: () => RedirectTarget
  }
  if (kind === 'create') return form.redirectAfterCreate?.()
  if (kind === 'edit') return form.redirectAfterSave?.()
  return undefined
}

/**
 * A relation page must host a relation manager the resource declares in
 * `getRelations()` (relation groups included).
 */
function validateRelationPage(resource: Resource<any>, where: string, page: ManageRelatedRecords) {
  const Manager = page.relationManager
  if (typeof Manager !== 'function') {
    throw new KitConfigurationException(
      `${where}: relationManager must be a relation manager class`
    )
  }
  if (!declaredRelationManagers(resource).includes(Manager)) {
    const relationship = relationshipOf(Manager)
    throw new KitConfigurationException(
      `${where}: ${Manager.name}${relationship ? ` ("${relationship}")` : ''} names a relation ${whereOf(resource)} does not declare in getRelations()`
    )
  }
}

/**
 * The relation manager classes a resource declares in `getRelations()`,
 * with those of relation groups.
 */
export function declaredRelationManagers(resource: Resource<any>): Function[] {
  const entries: unknown = resource.getRelations?.() ?? []
  const managers: Function[] = []
  for (const entry of Array.isArray(entries) ? entries : []) {
    if (typeof entry === 'function') {
      managers.push(entry)
      continue
    }
    if (entry instanceof RelationGroup) {
      managers.push(...entry.managers)
    }
  }
  return managers
}

function relationshipOf(Manager: Function): string | null {
  try {
    const relationship = new (Manager as new () => { relationship?: unknown })().relationship
    return typeof relationship === 'string' ? relationship : null
  } catch {
    return null
  }
}

/**
 * Refuse, at boot, an `ImpersonateAction` of a resource mounted where no
 * panel signs in with `login()`: the impersonation lives in the session of
 * the panel's guard.
 */
function assertImpersonationMount(resource: Resource<any>, actions: Action[], signsIn: boolean) {
  const action = actions.find((candidate) => candidate instanceof ImpersonateAction)
  if (action && !signsIn) {
    throw new KitConfigurationException(
      `${whereOf(resource)}.table(): action "${action.name}" (ImpersonateAction) needs a panel with login(): the impersonation lives in the session of its guard`
    )
  }
}
