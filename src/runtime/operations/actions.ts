import { bulkMessage } from '../table/actions/bulk_message.ts'
import { sourceOf } from '../records/resource_source.ts'
import type { BulkActionResult } from '../../contracts/main.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { RecordNotFoundException } from '../../support/errors.ts'
import type { ListRecords } from '../../definitions/pages/resource_page.ts'
import { RecordPageAction } from '../../definitions/pages/page_actions.ts'
import { findRecord } from '../query/scoped_query.ts'
import { allows, authorize } from '../authorization/authorizer.ts'
import { ReplicateAction } from '../../definitions/table/actions/replicate_action.ts'
import { replicateRecord } from '../mutation/replicate.ts'
import { ImpersonateAction } from '../../definitions/table/actions/impersonate_action.ts'
import { startImpersonation } from '../impersonation/impersonation.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { prepareInput, updateColumn } from '../mutation/mutation_runner.ts'
import { reorderRecords } from '../mutation/reorder.ts'
import { buildTable } from '../../definitions/table/builders.ts'
import {
  ActionStop,
  executeAction,
  findHostedAction,
  runBulkAction,
} from '../table/actions/action_runner.ts'
import { traced } from './trace.ts'
import { afterMutationUrl, type ActionAnswer, type OperationInput } from './operation.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import { ExportAction, ExportBulkAction } from '../../definitions/export/export_action.ts'
import { startExport } from '../export/export_job.ts'
import { ImportAction } from '../../definitions/export/import_action.ts'
import { previewImport, startImport } from '../import/import_job.ts'
import { jobOptions } from '../jobs/job_runtime.ts'
import { queueBulkAction } from '../jobs/bulk_job.ts'
import { jobAnswer } from '../jobs/job_answer.ts'

/**
 * The answer of a hosted action's result: its message, or the halt or
 * cancellation it ended with.
 */
function actionAnswer(
  input: OperationInput,
  name: string,
  result: unknown,
  defaultMessage: () => string = () => contextTranslator(input.context).t('message.done')
): ActionAnswer {
  const body: ActionAnswer['body'] =
    result instanceof ActionStop
      ? { action: name, [result.kind]: true, message: result.message }
      : { action: name, message: typeof result === 'string' ? result : defaultMessage() }
  return { type: 'action', result, body, fallback: afterMutationUrl(input.mount) }
}

/**
 * Make a replica of a record (a `ReplicateAction`, row or header): the
 * answer names the replica and sends a browser back where it came from
 * (JSON clients read `replica: { key, title, url }`, the replica's edit page
 * when the user may edit it).
 */
async function replicaAnswer(
  input: OperationInput,
  action: ReplicateAction,
  record: LucidRow
): Promise<ActionAnswer> {
  const { mount, context } = input
  const resource = mount.resource
  const { record: replica } = await replicateRecord(
    sourceOf(resource),
    action,
    record,
    context,
    input.body
  )
  const message = contextTranslator(context).t('message.replicated', {
    label: resource.getLabel(),
    title: resource.recordTitle(replica),
    source: resource.recordTitle(record),
    gender: resource.getRecordWords().gender,
  })
  const edit = mount.pageOfKind('edit')
  const url =
    edit && (await allows(resource, ResourceOperation.Edit, replica, context))
      ? mount.url(edit.key, replica)
      : null
  return {
    type: 'action',
    result: replica,
    body: {
      action: action.name,
      message,
      replica: {
        key: replica.$primaryKeyValue as string | number,
        title: resource.recordTitle(replica),
        url,
      },
    },
    fallback: afterMutationUrl(mount),
  }
}

/**
 * Sign in as a user of a users' resource (an `ImpersonateAction` row): the
 * answer sends the browser where the impersonated session lands (JSON
 * clients read `redirect`).
 */
async function impersonationAnswer(
  input: OperationInput,
  action: ImpersonateAction,
  record: LucidRow
): Promise<ActionAnswer> {
  const { mount, context } = input
  const redirect = await startImpersonation(sourceOf(mount.resource), action, record, context)
  const message = contextTranslator(context).t('message.impersonating', {
    title: mount.resource.recordTitle(record),
  })
  return {
    type: 'action',
    result: record,
    body: { action: action.name, message, redirect },
    fallback: redirect,
    redirect,
  }
}

/**
 * Run a hosted row action on a record (route `actions.row`): the action by
 * its exact name, the record through the scoped query (404 otherwise), the
 * version its row was drawn with checked (`_kit_version`, 422 otherwise).
 */
export const rowActionOperation = traced(
  'row action',
  async function rowAction(input: OperationInput) {
    const { mount, context, params, body } = input
    const resource = mount.resource
    const action = findHostedAction(buildTable(resource).getActions(), params.action)
    const record = await findRecord(resource, context, params.record)
    if (action instanceof ReplicateAction) {
      return replicaAnswer(input, action, record)
    }
    if (action instanceof ImpersonateAction) {
      return impersonationAnswer(input, action, record)
    }
    const result = await executeAction(resource, action, record, context, body)
    /* without a message of its own, the action names the record by its title */
    return actionAnswer(input, action.name, result, () => {
      return contextTranslator(context).t('message.action', {
        action: action.getLabel(),
        label: resource.getLabel(),
        title: resource.recordTitle(record),
      })
    })
  },
  { actions: true }
)

/**
 * Run a page-scoped header action (route `actions.header`): the `_kit_page`
 * parameter names a page of the resource (404 otherwise); on a record page,
 * `_kit_record` names its record (resolved through the scoped query, 404
 * outside it; the page's operation authorized, 403; the version the page
 * was drawn with checked, 422).
 */
export const headerActionOperation = traced(
  'header action',
  async function headerAction(input: OperationInput) {
    const { mount, context, params, query, body } = input
    const pageKey = String(query._kit_page ?? '')
    const page = mount.pages.get(pageKey)
    if (!page) {
      throw new RecordNotFoundException('Action not found')
    }
    /* the kit's Edit and Delete are served by the edit page and the delete route */
    const action = findHostedAction(
      page.page.headerActions().filter((candidate) => !(candidate instanceof RecordPageAction)),
      params.action
    )
    if (page.page.needsRecord()) {
      /* a record page's action: its record through the scoped query, the
         page's operation authorized on it, then the action's own check */
      const record = await findRecord(mount.resource, context, query._kit_record)
      await authorize(mount.resource, page.page.operation(), record, context)
      if (action instanceof ReplicateAction) {
        return replicaAnswer(input, action, record)
      }
      const result = await executeAction(mount.resource, action, record, context, body)
      return actionAnswer(input, action.name, result)
    }
    if (action instanceof ImportAction) {
      const data = prepareInput(body)
      if (data.preview === true || data.preview === 'true') {
        const preview = await previewImport(mount, context, action, data)
        return {
          type: 'action' as const,
          result: preview,
          body: { action: action.name, message: null, preview },
          fallback: afterMutationUrl(mount),
        }
      }
      const disk = await jobOptions().disk()
      return jobAnswer(input, action.name, await startImport(mount, context, action, data, disk))
    }
    if (action instanceof ExportAction) {
      return jobAnswer(
        input,
        action.name,
        await startExport(mount, context, 'header', action, prepareInput(body))
      )
    }
    const result = await executeAction(mount.resource, action, null, context, body)
    return actionAnswer(input, action.name, result)
  },
  { actions: true }
)

/**
 * Run a bulk action on a selection (route `actions.bulk`), with the tabs of
 * the list page (query-wide selections rebuild the table query with the
 * submitted tab).
 */
export const bulkActionOperation = traced(
  'bulk action',
  async function bulkAction(input: OperationInput): Promise<ActionAnswer> {
    const { mount, context, params, body } = input
    const list = mount.listPage()
    const exporter = buildTable(mount.resource)
      .getBulkActions()
      .find((candidate) => candidate.name === params.action)
    if (exporter instanceof ExportBulkAction) {
      return jobAnswer(
        input,
        exporter.name,
        await startExport(mount, context, 'bulk', exporter, prepareInput(body))
      )
    }
    const queued = await queueBulkAction(mount, context, String(params.action), body)
    if (queued) {
      return jobAnswer(input, String(params.action), queued)
    }
    const result: BulkActionResult = await runBulkAction(
      mount.resource,
      context,
      params.action,
      body,
      {
        tabs: list ? (list.page as ListRecords).tabs() : [],
      }
    )
    return {
      type: 'action',
      result,
      body: {
        ...result,
        message: bulkMessage(
          contextTranslator(input.context),
          result,
          sourceOf(mount.resource).recordWords()
        ),
      },
      fallback: afterMutationUrl(mount),
    }
  }
)

/**
 * Update an editable column of a record (route `columns.update`, body
 * `{ value }`).
 */
export const columnOperation = traced(
  'editable column',
  async function column({ mount, context, params, body }: OperationInput): Promise<ActionAnswer> {
    const resource = mount.resource
    const { record } = await updateColumn(resource, context, params.record, params.column, body)
    return {
      type: 'action',
      result: record,
      body: {
        column: params.column,
        message: resource.successMessage(ResourceOperation.Edit, record),
      },
      fallback: afterMutationUrl(mount),
    }
  }
)

/**
 * Reorder records of a reorderable table (route `reorder`, body
 * `{ records: [...keys in the new order], sort? }`).
 */
export const reorderOperation = traced(
  'reorder',
  async function reorder({ mount, context, body }: OperationInput): Promise<ActionAnswer> {
    const result = await reorderRecords(mount.resource, context, body)
    return {
      type: 'action',
      result,
      body: { ...result, message: contextTranslator(context).t('message.reordered') },
      fallback: afterMutationUrl(mount),
    }
  }
)
