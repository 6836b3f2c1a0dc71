import type { KitJobContract } from '../../contracts/jobs.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { MountedPage, ResourceMount } from '../mounts/resource_mount.ts'
import type { KitContext } from '../../definitions/types.ts'

/**
 * What an operation receives, whatever the transport: the mounted resource,
 * the kit context of the request (user, tenant, parent), the route
 * parameters, the query string and the body as the body parser reads it.
 * The HTTP routes build it from the request; kit() builds the same shape
 * (its body through {@link asRequestBody}).
 */
export interface OperationInput {
  mount: ResourceMount
  context: KitContext
  params: Record<string, any>
  query: Record<string, any>
  body?: unknown
}

/**
 * What a page operation receives on top of {@link OperationInput}: the page
 * and what the previous request flashed (the input and errors of a refused
 * submission, the job it started).
 */
export interface PageInput extends OperationInput {
  current: MountedPage
  flashed: {
    input: Record<string, unknown> | null
    errors: Record<string, string> | Record<string, Record<string, string>>
    /** The job the previous request started (an Inertia bulk action over the threshold) */
    job?: KitJobContract | null
  }
  /**
   * The props a partial reload of this page asks for (Inertia's
   * `X-Inertia-Partial-Data`, for this page's component, without an
   * `except` list); undefined for a full visit
   */
  partial?: string[]
}

/**
 * A record written: the operation, the record, its success message and
 * where a browser goes next.
 */
export interface RecordAnswer {
  type: 'record'
  operation: ResourceOperation
  record: LucidRow
  message: string
  redirect: string
  /** The list page in the state the request came from, when it is one */
  keepListState: boolean
  status: number
}

/**
 * An action ran (row, header, bulk action or editable column): what it
 * returned, the answer body, and where a browser goes without a referrer.
 */
export interface ActionAnswer {
  type: 'action'
  result: unknown
  body: Record<string, unknown> & { message: unknown; halted?: true; cancelled?: true }
  fallback: string
  /** Where a browser goes, rather than back to the page it came from */
  redirect?: string
  /** The status of a JSON answer (200 unless told) */
  status?: number
}

/**
 * An option of a select created or updated from its option form.
 */
export interface OptionAnswer {
  type: 'option'
  option: { value: string; label: string }
  /** The success message ("Label" saved) */
  message: string
  status: number
  fallback: string
}

/**
 * A JSON body (option searches, global search).
 */
export interface JsonAnswer {
  type: 'json'
  body: unknown
}

/**
 * A page: its component and props.
 */
export interface PageAnswer {
  type: 'page'
  component: string
  props: Record<string, unknown>
}

/**
 * What an operation answers; the HTTP adapter turns it into a response.
 */
export type OperationAnswer = RecordAnswer | ActionAnswer | OptionAnswer | JsonAnswer | PageAnswer

/**
 * Where a browser goes after a mutation: the list page, else the prefix.
 */
export function afterMutationUrl(mount: ResourceMount) {
  const index = mount.listPage()
  return index ? mount.url(index.key) : mount.options.prefix || '/'
}
