/*
 * adonis-kit
 *
 * Contracts of row, bulk and header actions and of their modal forms.
 * Re-exported by src/contracts/main.ts; imports nothing from the server.
 */

import type { FormFieldContract, FormValue } from './form.ts'
import type { LayoutNodeContract } from './layout.ts'

/**
 * A serialized action. `url` is a template: renderers put the row's key in
 * place of `{record}` (and `{id}`).
 */
export interface ActionContract {
  name: string
  label: string
  color: string
  method: 'get' | 'post' | 'patch' | 'delete'
  url: string
  requiresConfirmation: boolean
  /** Whether the kit hosts the endpoint (it then authorizes and runs it) */
  hosted: boolean
  /** The form asked in a modal before the action runs (its values are posted) */
  form?: ActionFormContract
  /** A background job action (export, import): renderers call it as JSON and follow the job */
  job?: 'export' | 'import'
}

/**
 * A serialized bulk action. Renderers POST `{ records: [...keys] }`, or
 * `{ selectAll: true, except: [...keys] }` with the current table state.
 */
export interface BulkActionContract {
  name: string
  label: string
  color: string
  url: string
  requiresConfirmation: boolean
  /** The form asked in a modal before the action runs (its values are posted with the keys) */
  form?: ActionFormContract
  /** A background job action (export): renderers call it as JSON and follow the job */
  job?: 'export'
}

/**
 * What a bulk action reports.
 */
export interface BulkActionResult {
  action: string
  affected: number
  refused: number
}

/**
 * The form of an action, shown in its modal before it runs.
 */
export interface ActionFormContract {
  columns: number
  fields: FormFieldContract[]
  layout?: LayoutNodeContract[]
  values: Record<string, FormValue>
}
