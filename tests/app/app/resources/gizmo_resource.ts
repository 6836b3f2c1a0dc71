import {
  Action,
  BulkAction,
  CreateRecord,
  DeleteBulkAction,
  EditRecord,
  ForceDeleteBulkAction,
  ListRecords,
  Resource,
  RestoreBulkAction,
  TextColumn,
  TextInput,
  TextInputColumn,
  Toggle,
  type Form,
  type KitUser,
  type ResourceQuery,
  type Table,
} from '../../../../index.ts'
import type { RulesClass } from '../../../../src/definitions/validation/rules.ts'
import type { PolicyReference } from '../../../../src/definitions/resource/resource.ts'
import Gizmo from '../models/gizmo.ts'
import GizmoRules, { UncheckedGizmoRules } from '../rules/gizmo_rules.ts'

/**
 * How often each hook of the gizmo resources ran (the concurrency tests
 * count them).
 */
export const gizmoHookCalls = new Map<string, number>()

/**
 * How long the before hooks wait, in milliseconds, to widen a race window.
 */
export const gizmoTiming: { hookDelay: number; failIn?: string } = { hookDelay: 0 }

async function count(hook: string) {
  gizmoHookCalls.set(hook, (gizmoHookCalls.get(hook) ?? 0) + 1)
  if (gizmoTiming.failIn === hook) {
    throw new Error(`${hook} failed`)
  }
  if (gizmoTiming.hookDelay && hook.startsWith('before')) {
    await new Promise((resolve) => setTimeout(resolve, gizmoTiming.hookDelay))
  }
}

/**
 * Gizmos: soft deletes, a unique name and code, a policy that reads the
 * database per record, hooks that count their runs.
 */
export default class GizmoResource extends Resource<typeof Gizmo> {
  model = Gizmo
  softDeletes = true
  policy: PolicyReference = () => import('../policies/gizmo_policy.ts')

  getPages() {
    return {
      index: ListRecords.route('/'),
      create: CreateRecord.route('/create'),
      edit: EditRecord.route('/:record/edit'),
    }
  }

  recordTitleAttribute() {
    return 'name'
  }

  table(table: Table) {
    return table
      .columns([
        TextColumn.make('name').searchable().sortable(),
        TextColumn.make('code').sortable(),
        TextColumn.make('isActive').boolean(),
      ])
      .actions([
        /* a row action that removes its record: it must run once */
        Action.make('retire')
          .authorizeUsing(({ user }) => user?.isAdmin === true)
          .action(async ({ record }) => {
            await count('beforeRetire')
            await record!.delete()
            await count('afterRetire')
          }),
      ])
      .bulkActions([
        DeleteBulkAction.make(),
        RestoreBulkAction.make(),
        ForceDeleteBulkAction.make(),
        BulkAction.make('activate')
          .authorizeUsing(({ user }) => user?.isAdmin === true)
          .eachRecord(async ({ record }) => {
            ;(record as Gizmo).isActive = true
            await record.save()
          }),
      ])
  }

  form(form: Form) {
    return form.schema([
      TextInput.make('name').required(),
      TextInput.make('code'),
      TextInput.make('shelf'),
      TextInput.make('position').numeric(),
      Toggle.make('isActive'),
    ])
  }

  validation(): RulesClass {
    return GizmoRules
  }

  async beforeUpdate() {
    await count('beforeUpdate')
  }

  async afterUpdate() {
    await count('afterUpdate')
  }

  async beforeDelete() {
    await count('beforeDelete')
  }

  async afterDelete() {
    await count('afterDelete')
  }

  async beforeRestore() {
    await count('beforeRestore')
  }

  async afterRestore() {
    await count('afterRestore')
  }

  async beforeForceDelete() {
    await count('beforeForceDelete')
  }

  async afterForceDelete() {
    await count('afterForceDelete')
  }
}

/**
 * The same gizmos with rules that do not check uniqueness: only the
 * database refuses a duplicate.
 */
export class UncheckedGizmoResource extends GizmoResource {
  slug = 'unchecked-gizmos'

  validation(): RulesClass {
    return UncheckedGizmoRules
  }
}

/**
 * Gizmos without soft deletes: a delete removes the row. Its policy lacks
 * `viewAny` and `create`.
 */
export class HardGizmoResource extends GizmoResource {
  slug = 'hard-gizmos'
  policy = () => import('../policies/partial_gizmo_policy.ts')
  softDeletes = false
}

/**
 * Gizmos read through a DISTINCT query: a database refuses `FOR UPDATE`
 * on it, so mutations lock the row by its key first.
 */
export class DistinctGizmoResource extends GizmoResource {
  slug = 'distinct-gizmos'

  modifyQuery(query: ResourceQuery<typeof Gizmo>) {
    return query.distinct('gizmos.*')
  }
}

/**
 * The name of a row action of the versioned gizmos, 65 characters long.
 */
export const LONG_ACTION_NAME = 'stampWithANameFarLongerThanTheThirtyCharactersOfTheOldAuditColumn'

/**
 * Gizmos with a declared version column: edit forms carry the version, a
 * stale one is a conflict.
 */
export class VersionedGizmoResource extends GizmoResource {
  slug = 'versioned-gizmos'
  versionColumn = 'version'

  /* an editable cell: the table's rows carry their version; custom
     actions that save through the record are audited under their name */
  table(table: Table) {
    const base = super.table(table)
    const admin = ({ user }: { user: KitUser | null }) => user?.isAdmin === true
    return base
      .columns([TextInputColumn.make('name').sortable(), TextColumn.make('code').sortable()])
      .actions([
        ...base.getActions(),
        /* saves one attribute; merges another without saving it */
        Action.make('stamp')
          .authorizeUsing(admin)
          .action(async ({ record }) => {
            await record!.merge({ code: 'STAMPED' }).save()
            record!.merge({ shelf: 'never saved' })
          }),
        /* a name longer than the 30 characters the audit column once held:
           the audit row stores it whole */
        Action.make(LONG_ACTION_NAME)
          .authorizeUsing(admin)
          .action(async ({ record }) => {
            await record!.merge({ code: 'LONG' }).save()
          }),
        /* saves, then halts: nothing is kept, no audit row */
        Action.make('stampThenHalt')
          .authorizeUsing(admin)
          .action(async ({ record, halt }) => {
            await record!.merge({ code: 'HALTED' }).save()
            halt()
          }),
      ])
  }
}
