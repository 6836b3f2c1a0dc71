import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { authorize } from '../authorization/authorizer.ts'
import { traced } from './trace.ts'
import { findRecord } from '../query/scoped_query.ts'
import { RecordNotFoundException } from '../../support/errors.ts'
import { buildForm } from '../../definitions/table/builders.ts'
import { selectNamed } from '../form/field_registry.ts'
import { isSearchableSelect, searchOptions, SELECT_PARAMETERS } from '../form/select_options.ts'
import { createOption, readOption, updateOption } from '../form/option_forms.ts'
import { OPTION_RECORD_PARAMETER } from '../mounts/resource_mount.ts'
import {
  afterMutationUrl,
  type JsonAnswer,
  type OperationInput,
  type OptionAnswer,
  type PageInput,
} from './operation.ts'
import { contextTranslator } from '../../i18n/translator.ts'

/**
 * Whether a page request is an option search of one of its selects.
 */
export function isOptionSearch(query: Record<string, unknown>) {
  return query[SELECT_PARAMETERS.field] !== undefined
}

/**
 * Search the options of a searchable select, on a form page's own GET route
 * once the page was authorized: `{ field, options: [{ value, label }] }`.
 * On a manage page the modal forms' boundary applies: create, or edit of
 * `?edit=<key>`.
 */
export async function optionSearchOperation(input: PageInput): Promise<JsonAnswer> {
  const { mount, current, context, query } = input
  const resource = mount.resource
  const kind = current.route.page.kind
  const fieldName = query[SELECT_PARAMETERS.field]
  if (kind === 'manage') {
    if (query.edit === undefined) {
      await authorize(resource, ResourceOperation.Create, null, context)
    } else {
      const editing = await findRecord(resource, context, query.edit)
      await authorize(resource, ResourceOperation.Edit, editing, context)
    }
  } else if (kind !== 'create' && kind !== 'edit') {
    throw new RecordNotFoundException('Field not found')
  }
  const field = selectNamed(buildForm(resource).getFields(), fieldName)
  if (!field || !isSearchableSelect(resource.model, field)) {
    throw new RecordNotFoundException('Field not found')
  }
  const options = await searchOptions(
    resource.model,
    field,
    query[SELECT_PARAMETERS.search],
    context
  )
  return { type: 'json', body: { field: field.name, options } }
}

/**
 * Create an option of a select from its option form (route `options.store`).
 */
export const storeOptionOperation = traced('option form', async (input: OperationInput) => {
  const { mount, context, params, query, body } = input
  const record = query[OPTION_RECORD_PARAMETER]
  const option = await createOption(mount.resource, context, params.field, record, body)
  return optionAnswer(input, option, 201)
})

/**
 * The values an option's edit form starts from (route `options.show`, JSON):
 * `{ option: { value, label }, values }`.
 */
export const showOptionOperation = traced(
  'option form',
  async (input: OperationInput): Promise<JsonAnswer> => {
    const { mount, context, params, query } = input
    const record = query[OPTION_RECORD_PARAMETER]
    const body = await readOption(mount.resource, context, params.field, params.option, record)
    return { type: 'json', body }
  }
)

/**
 * Update an option of a relationship select (route `options.update`).
 */
export const updateOptionOperation = traced('option form', async (input: OperationInput) => {
  const { mount, context, params, query, body } = input
  const record = query[OPTION_RECORD_PARAMETER]
  const option = await updateOption(
    mount.resource,
    context,
    params.field,
    params.option,
    record,
    body
  )
  return optionAnswer(input, option, 200)
})

function optionAnswer(
  { mount, context }: OperationInput,
  option: OptionAnswer['option'],
  status: number
): OptionAnswer {
  return {
    type: 'option',
    option,
    message: contextTranslator(context).t('message.optionSaved', { label: option.label }),
    status,
    fallback: afterMutationUrl(mount),
  }
}
