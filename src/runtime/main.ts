/*
 * adonis-kit/runtime: the kit's runtime for application code that goes
 * around the kit's routes (a controller, a job, a command): the scoped
 * query, the mutation sequence, actions, option forms, validation, the
 * relation managers' serializer, the safe-URL policy and the debug log.
 * What a resource file declares comes from the package root.
 */
/* binds the runtime that decides `Resource.allows()` / `authorize()` */
import './authorization/authorizer.ts'

export { runBulkAction, runRowAction, ActionStop } from './table/actions/action_runner.ts'
export type { ActionRunOptions } from './table/actions/action_runner.ts'
export { SELECT_PARAMETERS, MAX_OPTION_RESULTS } from './form/select_options.ts'
export { createOption, updateOption } from './form/option_forms.ts'
export { compiledValidator, validateWith } from './validation/validator_cache.ts'
export { onKitDebug, type KitDebugEntry } from '../support/debug.ts'
export { isSafeUrl, isSafePath, safeRedirectTarget } from '../support/path_safety.ts'
export { resourceQuery, findRecord } from './query/scoped_query.ts'
export {
  createRecord,
  updateRecord,
  deleteRecord,
  restoreRecord,
  forceDeleteRecord,
  updateColumn,
} from './mutation/mutation_runner.ts'
export { serializeRelations } from './relations/relation_serializer.ts'
export type { RelationKind } from './relations/relation_mount.ts'
export { resolveWidgets } from '../definitions/pages/widgets.ts'
export { waitForJob, readJobFile } from './jobs/job_waiting.ts'
export { executeJob, embeddedWorker } from './jobs/job_runtime.ts'
export type { JobRecord, JobStatus } from './jobs/job_store.ts'
