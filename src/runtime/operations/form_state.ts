import type { LucidRow } from '@adonisjs/lucid/types/model'
import { buildForm } from '../../definitions/table/builders.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { RecordNotFoundException } from '../../support/errors.ts'
import { authorize } from '../authorization/authorizer.ts'
import { findRecord } from '../query/scoped_query.ts'
import { fieldKit } from '../form/field_kit.ts'
import { readStateRequest, resolveFormState } from '../form/live_state.ts'
import { OPTION_RECORD_PARAMETER } from '../mounts/resource_mount.ts'
import type { JsonAnswer, OperationInput } from './operation.ts'
import { traced } from './trace.ts'
import { formPageUrl } from './forms.ts'

/**
 * The state endpoint of a resource's form (route `form.state`, live
 * fields): the form is resolved and authorized first as opening it is
 * (create, or edit of the record `?_kit_record=` names, found through the
 * scoped query: 404 outside it, 403 when the user may not), then the posted
 * state goes through the form's fields and the changed field's hooks
 * (`resolveFormState`). Answers `{ values, fields }`; nothing is written.
 */
export const formStateOperation = traced(
  'form state',
  async ({ mount, context, query, body }: OperationInput): Promise<JsonAnswer> => {
    const resource = mount.resource
    const key = query[OPTION_RECORD_PARAMETER]
    const creating = key === undefined || key === null || key === ''
    const formPage = creating
      ? mount.pageOfKind('create') || mount.pageOfKind('manage')
      : mount.pageOfKind('edit') || mount.pageOfKind('manage')
    if (!formPage) {
      throw new RecordNotFoundException('Form not found')
    }

    /* resolve and authorize before reading input */
    let record: LucidRow | null = null
    if (creating) {
      await authorize(resource, ResourceOperation.Create, null, context)
    } else {
      record = await findRecord(resource, context, key)
      await authorize(resource, ResourceOperation.Edit, record, context)
    }

    const request = readStateRequest(body, context)
    const fields = buildForm(resource)
      .getFields()
      .filter((field) => !field.isHidden())
    const kit = fieldKit(resource.model, context, {
      pageUrl: formPageUrl(mount, formPage, record),
      optionUrl: (field) => mount.optionUrl(field, record),
      markdownUrl: (field) => mount.markdownPreviewUrl(field, record),
    })
    const answer = await resolveFormState(fields, request, record, context, kit)
    return { type: 'json', body: answer }
  }
)
