/*
 * adonis-kit
 *
 * The kit() test driver: a fluent, awaitable builder that drives a mounted
 * resource through the operations its HTTP routes call (src/operations),
 * with the same input. Nothing is mocked. Its steps are written by
 * capability in src/testing/driver: tenancy, relations, table, forms,
 * actions.
 */

import type { Resource } from '../definitions/resource/resource.ts'
import { InfolistSteps } from './driver/infolist_steps.ts'

export {
  KitAssertionError,
  driverApplication,
  unawaitedDrivers,
  type KitDriverOptions,
  type KitResourceClass,
  type RecordReference,
  type ExpectedErrors,
  type KitFieldError,
} from './driver/driver_core.ts'
export type { ExpectedAuditChanges } from './driver/audit_steps.ts'

/**
 * The fluent test driver `kit(Resource, { user })` returns. Every method
 * queues a step and returns the driver; awaiting it runs the queued steps
 * in order. The driver keeps its state (table state, form, mounted action,
 * selection) between awaits.
 *
 * @example
 * ```ts
 * await kit(PostResource, { user })
 *   .searchTable('adonis')
 *   .assertCanSeeTableRecords([post])
 *   .assertCanNotSeeTableRecords([draft])
 * ```
 */
export class KitDriver<R extends Resource<any> = Resource<any>> extends InfolistSteps<R> {}
