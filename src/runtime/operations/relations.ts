import { bulkMessage } from '../table/actions/bulk_message.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { RecordNotFoundException } from '../../support/errors.ts'
import { logNotFound } from '../authorization/denial_log.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { ResourceMount } from '../mounts/resource_mount.ts'
import { mountOf } from '../mounts/mount_registry.ts'
import { findRecord } from '../query/scoped_query.ts'
import { RelationSource } from '../records/relation_source.ts'
import { buildAttachForm, type MountedRelation } from '../relations/relation_mount.ts'
import { buildForm } from '../../definitions/table/builders.ts'
import { TextInput } from '../../definitions/form/fields/text_input.ts'
import type { Field } from '../../definitions/form/fields/field.ts'
import { searchCandidates } from '../relations/relation_query.ts'
import {
  associateRelated,
  attachRelated,
  chooserScope,
  createRelated,
  deleteRelated,
  detachRelated,
  dissociateRelated,
  forceDeleteRelated,
  restoreRelated,
  runRelatedAction,
  runRelatedBulkAction,
  updateRelated,
} from '../relations/relation_runner.ts'
import {
  relationTableState,
  serializeRelatedForm,
  serializeRelationManager,
} from '../relations/relation_serializer.ts'
import { contextTranslator } from '../../i18n/translator.ts'
import type { KitMessageKey } from '../../i18n/en.ts'
import type { ActionAnswer, JsonAnswer, OperationInput } from './operation.ts'
import { allows } from '../authorization/authorizer.ts'

/**
 * The operations of the relation routes (`<resource>/:record/relations/
 * :relation/...`), transport-neutral like the resource operations: each
 * takes an {@link OperationInput} (`params.record` the owner's key,
 * `params.relation` the manager's name, `params.related` a related key)
 * and answers JSON (the manager, its options, a form) or an action answer
 * (a mutation: JSON for API clients, a flash message and a redirect back
 * for browsers).
 */
export type RelationOperation = (input: OperationInput) => Promise<ActionAnswer | JsonAnswer>

/**
 * The mounted relation an input names, or 404.
 */
export function relationOf(mount: ResourceMount, name: unknown): MountedRelation {
  const relation = typeof name === 'string' ? mount.relations.byName.get(name) : undefined
  if (!relation) {
    logNotFound(mount.resource, name, 'no relation manager of this resource has this name')
    throw new RecordNotFoundException('Relation not found')
  }
  return relation
}

/**
 * The past participle of each relation mutation, as a catalog key.
 */
const DONE: Record<string, KitMessageKey> = {
  create: 'message.relation.created',
  edit: 'message.relation.saved',
  delete: 'message.relation.deleted',
  restore: 'message.relation.restored',
  forceDelete: 'message.relation.forceDeleted',
  attach: 'message.relation.attached',
  detach: 'message.relation.detached',
  associate: 'message.relation.associated',
  dissociate: 'message.relation.dissociated',
}

/**
 * The answer of a relation request: its JSON body (with its message) and,
 * for browsers, the referring page else the owner resource's list.
 */
function relationAnswer(
  input: OperationInput,
  result: unknown,
  body: ActionAnswer['body'],
  status = 200
): ActionAnswer {
  return {
    type: 'action',
    result,
    body,
    fallback: mountOf(input.mount.resource)!.baseUrl(),
    status,
  }
}

/**
 * The answer of a finished relation mutation: the manager's label, the
 * record's title and what was done, translated.
 */
function mutationAnswer(
  input: OperationInput,
  relation: MountedRelation,
  operation: string,
  record: LucidRow,
  status = 200
): ActionAnswer {
  const translator = contextTranslator(input.context)
  const title = relation.manager.recordTitle(record)
  const message = translator.t('message.relation', {
    manager: relation.manager.getLabel(),
    title,
    done: translator.t(DONE[operation] ?? 'message.relation.updated'),
  })
  const body = {
    relation: relation.name,
    operation,
    message,
    record: { key: record.$primaryKeyValue, title },
  }
  return relationAnswer(input, record, body, status)
}

/**
 * The fields a refused relation form redisplays (its flashed input is
 * bounded to them).
 */
export function relationForm(input: OperationInput): { fields: Field[]; model?: any } {
  const relation = relationOf(input.mount, input.params.relation)
  return { fields: buildForm(relation.manager).getFields(), model: relation.related }
}

/**
 * The fields of a chooser (attach or associate): the chosen record and the
 * attach form's pivot fields.
 */
export function chooserForm(chooser: 'attach' | 'associate') {
  return (input: OperationInput): { fields: Field[] } => {
    const relation = relationOf(input.mount, input.params.relation)
    return {
      fields: [
        TextInput.make('record'),
        ...(chooser === 'attach' ? buildAttachForm(relation.manager).getFields() : []),
      ],
    }
  }
}

/**
 * The manager's contract (route `relations.index`): its table in the state
 * the query string names.
 */
export async function relationManagerOperation(input: OperationInput): Promise<JsonAnswer> {
  const { mount, context, params, query } = input
  const relation = relationOf(mount, params.relation)
  const source = await RelationSource.forOwner(relation, context, params.record, false)
  const owner = source.owner
  await source.authorize(ResourceOperation.ViewAny, null, context)
  const ownerEditable = await allows(mount.resource, ResourceOperation.Edit, owner, context)
  return {
    type: 'json',
    body: await serializeRelationManager(relation, owner, context, {
      readOnly: query.readOnly === 'true',
      ownerEditable,
      state: relationTableState(relation, query),
    }),
  }
}

/**
 * The options of a chooser (route `relations.options`, `:chooser` attach
 * on a many-to-many, associate on a has-many that associates).
 */
export async function relationOptionsOperation(input: OperationInput): Promise<JsonAnswer> {
  const { mount, context, params, query } = input
  const relation = relationOf(mount, params.relation)
  const requested = params.chooser
  const isAttach = requested === 'attach' && relation.kind === 'manyToMany'
  const isAssociate =
    requested === 'associate' && relation.kind === 'hasMany' && relation.manager.associates
  if (!isAttach && !isAssociate) {
    logNotFound(relation, null, `no ${String(requested)} chooser on this relation`)
    throw new RecordNotFoundException()
  }
  const { query: scope } = await chooserScope(
    relation,
    context,
    params.record,
    isAttach ? 'attach' : 'associate'
  )
  return { type: 'json', body: { options: await searchCandidates(relation, scope, query.search) } }
}

/**
 * A chooser's submission (routes `relations.attach`, `relations.associate`).
 */
export function chooserOperation(chooser: 'attach' | 'associate') {
  const run = chooser === 'attach' ? attachRelated : associateRelated
  return async (input: OperationInput): Promise<ActionAnswer> => {
    const relation = relationOf(input.mount, input.params.relation)
    const record = await run(relation, input.context, input.params.record, input.body)
    return mutationAnswer(input, relation, chooser, record)
  }
}

/**
 * A bulk action on related records (route `relations.bulk`).
 */
export async function relationBulkActionOperation(input: OperationInput): Promise<ActionAnswer> {
  const { mount, context, params, body } = input
  const relation = relationOf(mount, params.relation)
  const result = await runRelatedBulkAction(relation, context, params.record, params.action, body)
  const message = bulkMessage(
    contextTranslator(context),
    result,
    relation.manager.getRecordWords(relation.related.name)
  )
  return relationAnswer(input, result, { ...result, message })
}

/**
 * Create a related record (route `relations.store`).
 */
export async function createRelatedOperation(input: OperationInput): Promise<ActionAnswer> {
  const relation = relationOf(input.mount, input.params.relation)
  const record = await createRelated(relation, input.context, input.params.record, input.body)
  return mutationAnswer(input, relation, 'create', record, 201)
}

/**
 * The edit form of a related record (route `relations.show`).
 */
export async function relatedFormOperation(input: OperationInput): Promise<JsonAnswer> {
  const { mount, context, params } = input
  const relation = relationOf(mount, params.relation)
  const source = await RelationSource.forOwner(relation, context, params.record, true)
  const record = await findRecord(source, context, params.related)
  await source.authorize(ResourceOperation.Edit, record, context)
  if (!relation.formFields.length) {
    logNotFound(relation, null, 'the manager has no form fields')
    throw new RecordNotFoundException()
  }
  return {
    type: 'json',
    body: { form: await serializeRelatedForm(relation, source.owner, record, context) },
  }
}

/**
 * Update a related record (route `relations.update`).
 */
export async function updateRelatedOperation(input: OperationInput): Promise<ActionAnswer> {
  const { mount, context, params, body } = input
  const relation = relationOf(mount, params.relation)
  const record = await updateRelated(relation, context, params.record, params.related, body)
  return mutationAnswer(input, relation, 'edit', record)
}

/**
 * The record lifecycle of a related record (delete, restore, force delete,
 * detach, dissociate): resolve it through the owner, authorize, write.
 */
export function relatedLifecycleOperation(
  operation: 'delete' | 'restore' | 'forceDelete' | 'detach' | 'dissociate'
) {
  const run = {
    delete: deleteRelated,
    restore: restoreRelated,
    forceDelete: forceDeleteRelated,
    detach: detachRelated,
    dissociate: dissociateRelated,
  }[operation]
  return async (input: OperationInput): Promise<ActionAnswer> => {
    const relation = relationOf(input.mount, input.params.relation)
    const record = await run(relation, input.context, input.params.record, input.params.related)
    return mutationAnswer(input, relation, operation, record)
  }
}

/**
 * A hosted action on a related record (route `relations.action`).
 */
export async function relatedActionOperation(input: OperationInput): Promise<ActionAnswer> {
  const { mount, context, params, body } = input
  const relation = relationOf(mount, params.relation)
  const result = await runRelatedAction(
    relation,
    context,
    params.record,
    params.related,
    params.action,
    body
  )
  const message = typeof result === 'string' ? result : contextTranslator(context).t('message.done')
  return relationAnswer(input, result, { action: params.action, message })
}
