import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  KitConfigurationException,
  RecordNotFoundException,
  UnauthorizedOperationException,
} from '../../../support/errors.ts'
import { findRecord, lockRecord, qualifiedKey, type TrashedMode } from '../../query/scoped_query.ts'
import {
  acceptFormInput,
  inTransaction,
  prepareInput,
  validateDeclared,
  withFileChanges,
} from '../../mutation/mutation_runner.ts'
import { removesRow } from '../../mutation/lifecycle.ts'
import { FileChanges, recordFiles } from '../../files/file_fields.ts'
import { nestedBody } from '../../files/uploaded_file.ts'
import { formLeaves } from '../../../definitions/form/layout/layout_component.ts'
import { auditedRun } from '../../audit/audit_writer.ts'
import {
  assertVersionSent,
  compareVersion,
  submittedVersion,
  VERSION_KEY,
} from '../../mutation/record_version.ts'
import type { Resource } from '../../../definitions/resource/resource.ts'
import type { RecordSource } from '../../records/record_source.ts'
import { sourceOf } from '../../records/resource_source.ts'
import type { BulkActionResult } from '../../../contracts/main.ts'
import type { KitContext } from '../../../definitions/types.ts'
import type { PageTab } from '../../../definitions/pages/page_tab.ts'
import { buildTable, TRASHED_FILTER } from '../../../definitions/table/builders.ts'
import { readTableState, tableQuery } from '../table_query.ts'
import type { Action } from '../../../definitions/table/actions/action.ts'
import { ReplicateAction } from '../../../definitions/table/actions/replicate_action.ts'
import { ImpersonateAction } from '../../../definitions/table/actions/impersonate_action.ts'
import type { BulkAction } from '../../../definitions/table/actions/bulk_action.ts'
import { contextTranslator } from '../../../i18n/translator.ts'
import { errors as vineErrors } from '@vinejs/vine'

/**
 * Records per chunk of a bulk action.
 */
export const BULK_CHUNK_SIZE = 500

/**
 * Most record keys a bulk request may name.
 */
export const MAX_SELECTED_KEYS = 10_000

/**
 * Find a hosted action by its exact name (no case folding), or 404.
 */
export function findHostedAction(actions: Action[], name: unknown): Action {
  const action = actions.find((candidate) => candidate.name === name && candidate.isHosted())
  if (!action) {
    throw new RecordNotFoundException('Action not found')
  }
  return action
}

/**
 * The outcome of an action that called `halt()` or `cancel()`: nothing it
 * wrote was kept.
 */
export class ActionStop {
  constructor(
    readonly kind: 'halted' | 'cancelled',
    readonly message: string | null
  ) {}
}

/**
 * Thrown by `halt()` and `cancel()` to leave the action's transaction.
 */
class ActionStopSignal extends Error {
  constructor(readonly stop: ActionStop) {
    super(`Action ${stop.kind}`)
  }
}

function stopper(kind: ActionStop['kind']) {
  return (message?: string): never => {
    throw new ActionStopSignal(new ActionStop(kind, typeof message === 'string' ? message : null))
  }
}

/**
 * Options of a hosted action's run.
 */
export interface ActionRunOptions {
  /**
   * A run of the application's own (a job, a controller for API clients)
   * that carries no version: the record is not version-checked. Requests
   * run on a record must carry the version it was drawn with unless the
   * source accepts unversioned writes.
   */
  unversioned?: boolean
}

/**
 * The refusal of an action run on a record written since it was drawn:
 * a `conflict` error on `_kit_version` asking to reload, nothing run.
 */
function staleRecord(context: KitContext) {
  return new vineErrors.E_VALIDATION_ERROR([
    {
      field: VERSION_KEY,
      rule: 'conflict',
      message: contextTranslator(context).t('action.error.conflict'),
    },
  ])
}

/**
 * Run a hosted action: authorize with `authorizeUsing()` (fail-closed); on
 * a record, refuse a request without the version the record was drawn with
 * (`_kit_version`, unless the source accepts unversioned writes); take its
 * data through its form's fields and its Rules class (without the kit's
 * `_kit_page` marker), then run its callback in a transaction, on the
 * record locked and refused when written since it was drawn (a stale
 * version: every action on a record, since the kit cannot tell what a
 * callback writes). A callback that calls `halt()` or `cancel()` is rolled
 * back and answers an `ActionStop`; the files its form's uploads wrote are
 * deleted then, as when it throws.
 */
export async function executeAction(
  from: Resource<any> | RecordSource<any>,
  action: Action,
  record: LucidRow | null,
  context: KitContext,
  rawInput: unknown,
  options: ActionRunOptions = {}
) {
  /* a replica is made by the replicate operation of a resource's row or
     record page; anywhere else (a list page's header, a relation manager)
     the action is not served; an impersonation is started by the row
     action of a users' resource only */
  if (action instanceof ReplicateAction || action instanceof ImpersonateAction) {
    throw new RecordNotFoundException('Action not found')
  }
  /* authorize before reading input */
  if (!(await action.allows({ record, user: context.user, http: context.http }))) {
    throw new UnauthorizedOperationException()
  }

  /* a run on a record without the version it was drawn with is refused
     before its data is read: it could act on a record changed since */
  const source = sourceOf(from)
  const version = submittedVersion(rawInput)
  const checked = record !== null && !options.unversioned
  if (checked) {
    assertVersionSent(source, version)
  }

  /* the action's own data, through its form's fields; nothing else reaches the callback */
  const Rules = action.getValidation()
  const { data, files } = await acceptActionData(action, source, record, context, rawInput)

  const callback = action.getCallback()!
  const run = inTransaction(
    source.model,
    async (trx) => {
      /* the record is read again and locked: of concurrent runs on one
         record, each sees it as the previous one left it (404 when gone) */
      const current = record ? await lockRecord(source, context, record, 'without', trx) : record
      /* a record written since it was drawn: nothing tells whether the
         action still applies to it */
      if (current && checked && compareVersion(source, current, version) === 'stale') {
        throw staleRecord(context)
      }
      current?.useTransaction(trx)
      const execute = async () =>
        callback({
          record: current,
          user: context.user,
          http: context.http,
          data,
          trx,
          halt: stopper('halted'),
          cancel: stopper('cancelled'),
        })
      if (!current) {
        return execute()
      }
      /* one audit row under the action's name: what it saved through the record */
      const [result] = await auditedRun(source, context, trx, action.name, [current], execute)
      return result
    },
    { uniqueErrors: { rules: Rules ?? undefined } }
  )
  try {
    return await withFileChanges(files, run)
  } catch (error) {
    if (error instanceof ActionStopSignal) {
      return error.stop
    }
    throw error
  }
}

/**
 * An action's data once its form's fields and its Rules class accepted it,
 * with the files its upload fields wrote (deleted when the action does not
 * complete).
 */
export interface AcceptedActionData {
  data: Record<string, any>
  files: FileChanges
}

/**
 * Take an action's data through the same field pipeline as a resource
 * form (`acceptFormInput`): the values of disabled, read-only, hidden and
 * not visible fields dropped, values normalized, the Rules class (operation
 * `action.<name>`, source `action`), rich text and Markdown sanitized,
 * uploads checked and stored. Without a Rules class: no data, or a
 * configuration error when it declares a form. Throws E_VALIDATION_ERROR
 * with per-field errors; the action has not run.
 */
export async function acceptActionData(
  action: Action | BulkAction,
  source: RecordSource<any>,
  record: LucidRow | null,
  context: KitContext,
  rawInput: unknown
): Promise<AcceptedActionData> {
  const Rules = action.getRules()
  const schema = action.getForm()
  if (!Rules) {
    if (schema) {
      throw new KitConfigurationException(
        `Action "${action.name}" declares a form but no rules(): its data cannot be validated`
      )
    }
    return { data: {}, files: new FileChanges() }
  }
  const operation = `action.${action.name}`
  const fields = schema ? formLeaves(schema) : []
  const accepted = await acceptFormInput(
    { model: source.model, fields, record: null },
    context,
    rawInput,
    (prepared) =>
      validateDeclared(Rules, { operation, source: 'action', record, context, fields }, prepared)
  )
  return {
    data: { ...accepted.validated, ...accepted.uploads.data },
    files: accepted.uploads.changes,
  }
}

/**
 * Run a hosted row action on a record resolved through the scoped query.
 * The input carries the version the row was drawn with (`_kit_version`),
 * as the renderers send it; a run of the application's own that has none
 * passes `{ unversioned: true }`.
 */
export async function runRowAction(
  from: Resource<any> | RecordSource<any>,
  context: KitContext,
  key: unknown,
  name: unknown,
  rawInput: unknown,
  options: ActionRunOptions = {}
) {
  const source = sourceOf(from)
  const action = findHostedAction(buildTable(source.declaration).getActions(), name)
  const record = await findRecord(source, context, key)
  return executeAction(source, action, record, context, rawInput, options)
}

/**
 * The trashed mode of a query-wide bulk action: the records the table shows
 * (its trashed filter) that the action may touch (its scope), or null when
 * none can be.
 */
function narrowTrashed(shown: TrashedMode, needed: TrashedMode): TrashedMode | null {
  if (needed === 'with') {
    return shown
  }
  if (shown === 'with' || shown === needed) {
    return needed
  }
  return null
}

/**
 * The distinct keys of the shape of the source's keys among submitted
 * values (at most {@link MAX_SELECTED_KEYS} read).
 */
export function toKeys(source: RecordSource<any>, value: unknown): string[] {
  const list = Array.isArray(value) ? value : []
  const keys = new Set<string>()
  for (const entry of list.slice(0, MAX_SELECTED_KEYS)) {
    const key = typeof entry === 'number' ? String(entry) : entry
    if (source.isValidRecordKey(key)) {
      keys.add(key)
    }
  }
  return [...keys]
}

/**
 * Run a bulk action, either on the selected record keys (`records`) or on
 * every record the table matches (`selectAll`, rebuilt server-side from the
 * submitted search, filters and tab, minus `except`). Records are read from
 * the scoped query in key order, in chunks; each chunk is authorized record
 * by record before its own transaction opens, then applied in it.
 */
export async function runBulkAction<Model extends LucidModel>(
  from: Resource<Model> | RecordSource<Model>,
  context: KitContext,
  name: unknown,
  rawInput: unknown,
  options: BulkRunOptions = {}
): Promise<BulkActionResult> {
  const source = sourceOf(from)
  const table = buildTable(source.declaration)
  const action: BulkAction | undefined = (options.actions ?? table.getBulkActions()).find(
    (candidate) => candidate.name === name
  )
  if (!action) {
    source.logNotFound(null, `no bulk action named ${JSON.stringify(name)}`)
    throw new RecordNotFoundException('Action not found')
  }
  if (!(await action.allowsAny(source, context))) {
    throw new UnauthorizedOperationException()
  }
  const input = prepareInput(rawInput)
  /* the action form's data (under `data`) through its fields, before any
     record is read; a job hands the data it accepted when it was queued */
  const { data, files } =
    options.accepted ??
    (await acceptActionData(action, source, null, context, nestedBody(rawInput, 'data')))
  const progress = { committed: false }
  try {
    return await applyBulkAction(source, table, action, input, data, context, options, progress)
  } catch (error) {
    /* the files the form's uploads wrote go when no chunk holds them */
    if (!progress.committed) await files.rollback()
    throw error
  }
}

/**
 * Options of a bulk run.
 */
export interface BulkRunOptions {
  tabs?: PageTab[]
  chunkSize?: number
  /** The bulk actions to find the name among (default: the table's) */
  actions?: BulkAction[]
  /**
   * Query-wide, an action with a trashed scope touches only what the
   * trashed filter shows (default); false: its whole trashed scope
   */
  narrowToShownTrashed?: boolean
  /** Resume a query-wide run after this key (a job's cursor) */
  after?: string | number | null
  /** Called in each chunk's transaction after it was applied (a job saves its cursor there) */
  onChunk?: (
    progress: { last: string | number; affected: number; refused: number },
    trx: TransactionClientContract
  ) => Promise<void>
  /**
   * The action form's data, already accepted (a job: when it was queued);
   * default: `data` of the input, through the action form's fields
   */
  accepted?: AcceptedActionData
}

/**
 * The records of a bulk run, chunk by chunk (see {@link runBulkAction}).
 */
async function applyBulkAction(
  source: RecordSource<any>,
  table: ReturnType<typeof buildTable>,
  action: BulkAction,
  input: Record<string, any>,
  data: Record<string, any>,
  context: KitContext,
  options: BulkRunOptions,
  progress: { committed: boolean }
): Promise<BulkActionResult> {
  const selectAll = input.selectAll === true || input.selectAll === 'true'
  const selected = selectAll ? [] : toKeys(source, input.records)
  const except = toKeys(source, input.except)
  const result: BulkActionResult = { action: action.name, affected: 0, refused: 0 }
  if (!selectAll && !selected.length) {
    return result
  }

  /* the query: the table's, rebuilt from the submitted state, never from SQL;
     with the soft-delete preset, in the trashed scope the action needs */
  const state = { ...readTableState(table, input), sort: null }
  const scope = source.softDeletes ? action.trashedScope() : null
  if (scope) {
    const trashed =
      selectAll && options.narrowToShownTrashed !== false
        ? narrowTrashed((state.filters[TRASHED_FILTER] as TrashedMode) ?? 'without', scope)
        : scope
    if (trashed === null) {
      return result
    }
    state.filters = { ...state.filters, [TRASHED_FILTER]: trashed }
  }
  const tabs = options.tabs ?? []
  const tab =
    tabs.find((candidate) => candidate.key === input.tab) ??
    tabs.find((candidate) => candidate.isDefault()) ??
    tabs[0] ??
    null
  const key = qualifiedKey(source.model)
  const chunkSize = options.chunkSize ?? BULK_CHUNK_SIZE

  let last: LucidRow['$primaryKeyValue'] | null = options.after ?? null
  while (true) {
    const query = tableQuery(source, table, state, context, { tab, preload: false })
    if (!selectAll) query.whereIn(key, selected)
    if (except.length) query.whereNotIn(key, except)
    if (last !== null) query.where(key, '>', last!)
    const records = (await query.limit(chunkSize)) as LucidRow[]
    if (!records.length) {
      break
    }
    last = records[records.length - 1].$primaryKeyValue

    /* authorize each record before the chunk's transaction opens: a policy
       that reads the database must not wait for the connection the
       transaction holds (SQLite has one) */
    const allowed: LucidRow[] = []
    for (const record of records) {
      if (await action.allowsRecord(source, record, context)) {
        allowed.push(record)
      } else {
        result.refused++
      }
    }
    if (allowed.length || options.onChunk) {
      const refused = result.refused
      await inTransaction(
        source.model,
        async (trx) => {
          if (allowed.length) {
            await action.runChunk(source, allowed, { ...context, trx, data })
          }
          await options.onChunk?.(
            { last: last as string | number, affected: result.affected + allowed.length, refused },
            trx
          )
        },
        { uniqueErrors: {} }
      )
      progress.committed = true
      result.affected += allowed.length
      /* rows the chunk removed for good take their uploaded files with
         them, once committed (a chunk that rolled back threw above) */
      const removed = removesRow(action.appliedLifecycle(), source.softDeletes)
        ? allowed
        : allowed.filter((record) => record.$isDeleted)
      if (removed.length) {
        await recordFiles(source.formFields(), removed).commit()
      }
    }

    if (records.length < chunkSize) {
      break
    }
    /* between two chunks, what waits (a request, a timer) gets its turn */
    await new Promise((resolve) => setImmediate(resolve))
  }
  return result
}
