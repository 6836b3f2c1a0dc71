import type { HttpContext } from '@adonisjs/core/http'
import type {} from '@adonisjs/session/session_middleware'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { RecordNotFoundException } from '../errors.ts'
import { logNotFound } from '../authorization/denial_log.ts'
import { ResourceOperation } from '../resource/operation.ts'
import { joinPath, safeRedirectTarget } from '../routing/path_safety.ts'
import type { ResourceMount } from '../routing/resource_mount.ts'
import { kitContext } from '../routing/page_handlers.ts'
import { findRecord } from '../query/scoped_query.ts'
import { mountOf } from '../routing/mount_registry.ts'
import { RelationSource } from '../records/relation_source.ts'
import { buildAttachForm, type MountedRelation } from './relation_mount.ts'
import { buildForm } from '../table/builders.ts'
import { TextInput } from '../form/fields/text_input.ts'
import { withBoundedFlash } from '../form/refused_input.ts'
import { searchCandidates } from './relation_query.ts'
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
} from './relation_runner.ts'
import {
  relationTableState,
  serializeRelatedForm,
  serializeRelationManager,
} from './relation_serializer.ts'

/**
 * The mounted relation a request names, or 404.
 */
function relationOf(mount: ResourceMount, ctx: HttpContext): MountedRelation {
  const name = ctx.params.relation
  const relation = typeof name === 'string' ? mount.relations.byName.get(name) : undefined
  if (!relation) {
    logNotFound(mount.resource, name, 'no relation manager of this resource has this name')
    throw new RecordNotFoundException('Relation not found')
  }
  return relation
}

function wantsJson(ctx: HttpContext) {
  return (
    ctx.request.header('X-Inertia') !== 'true' && ctx.request.accepts(['html', 'json']) === 'json'
  )
}

/**
 * The fields a refused relation form redisplays (its flashed input is
 * bounded to them).
 */
function relationForm(relation: MountedRelation) {
  return () => ({ fields: buildForm(relation.manager).getFields(), model: relation.related })
}

/**
 * The fields of a chooser (attach or associate): the chosen record and the
 * attach form's pivot fields.
 */
function chooserForm(relation: MountedRelation, attach: boolean) {
  return () => ({
    fields: [
      TextInput.make('record'),
      ...(attach ? buildAttachForm(relation.manager).getFields() : []),
    ],
  })
}

/**
 * Answer a finished relation mutation: JSON for clients that ask for it,
 * otherwise a flash message and a redirect back to the owner's page.
 */
function mutationResponse(
  ctx: HttpContext,
  relation: MountedRelation,
  operation: string,
  record: LucidRow,
  status = 200
) {
  const title = relation.manager.recordTitle(record)
  const message = `${relation.manager.getLabel()}: "${title}" ${PAST[operation] ?? 'updated'}`
  return answer(
    ctx,
    relation,
    message,
    {
      relation: relation.name,
      operation,
      message,
      record: { key: record.$primaryKeyValue, title },
    },
    status
  )
}

/**
 * Answer a finished relation request: its body as JSON for clients that
 * ask for it; otherwise the message flashed and a redirect back to the
 * referring page when it is of this origin (the resource routes' redirect
 * policy), else to the owner resource's list.
 */
function answer(
  ctx: HttpContext,
  relation: MountedRelation,
  message: string,
  body: Record<string, unknown>,
  status = 200
) {
  if (wantsJson(ctx)) {
    return ctx.response.status(status).send(body)
  }
  ctx.session?.flash('success', message)
  const origin = `${ctx.request.protocol()}://${ctx.request.host()}`
  const fallback = mountOf(relation.resource)!.baseUrl()
  const referrer = ctx.request.header('referer')
  return ctx.response.redirect().toPath(safeRedirectTarget(referrer ?? fallback, origin, fallback))
}

const PAST: Record<string, string> = {
  create: 'created',
  edit: 'saved',
  delete: 'deleted',
  restore: 'restored',
  forceDelete: 'deleted permanently',
  attach: 'attached',
  detach: 'detached',
  associate: 'associated',
  dissociate: 'dissociated',
}

type Handler = (ctx: HttpContext) => Promise<unknown>

/**
 * One relation route: method, path under the resource and handler.
 */
export interface RelationRoute {
  method: 'get' | 'post' | 'patch' | 'delete'
  path: string
  name: string
  handler: Handler
}

/**
 * The record lifecycle routes of a manager: method, path after
 * `<base>/:related`, route name, operation, runner.
 */
const LIFECYCLE_ROUTES: [
  RelationRoute['method'],
  string[],
  string,
  string,
  typeof deleteRelated,
][] = [
  ['delete', [], 'relations.destroy', 'delete', deleteRelated],
  ['post', ['restore'], 'relations.restore', 'restore', restoreRelated],
  ['delete', ['force-delete'], 'relations.forceDelete', 'forceDelete', forceDeleteRelated],
  ['post', ['detach'], 'relations.detach', 'detach', detachRelated],
  ['post', ['dissociate'], 'relations.dissociate', 'dissociate', dissociateRelated],
]

/**
 * The relation routes of a mounted resource, static segments first so that
 * none is ever read as a related key.
 */
export function relationRoutes(mount: ResourceMount): RelationRoute[] {
  const base = joinPath(mount.basePath(), ':record', 'relations', ':relation')
  const withRelation =
    (run: (ctx: HttpContext, relation: MountedRelation) => Promise<unknown>): Handler =>
    async (ctx) =>
      run(ctx, relationOf(mount, ctx))
  const context = (ctx: HttpContext) => kitContext(ctx, mount)

  return [
    /* GET the manager contract (table state from the query string) */
    {
      method: 'get',
      path: base,
      name: 'relations.index',
      handler: withRelation(async (ctx, relation) => {
        const kit = await context(ctx)
        const source = await RelationSource.forOwner(relation, kit, ctx.params.record, false)
        const owner = source.owner
        await source.authorize(ResourceOperation.ViewAny, null, kit)
        const readOnly = ctx.request.qs().readOnly === 'true'
        const ownerEditable = await mount.resource.allows(
          ResourceOperation.Edit,
          owner,
          kit.user,
          kit
        )
        return ctx.response.ok(
          await serializeRelationManager(relation, owner, kit, {
            readOnly,
            ownerEditable,
            state: relationTableState(relation, ctx.request.qs()),
          })
        )
      }),
    },
    /* GET chooser options: /options/attach, /options/associate */
    {
      method: 'get',
      path: joinPath(base, 'options', ':chooser'),
      name: 'relations.options',
      handler: withRelation(async (ctx, relation) => {
        const kit = await context(ctx)
        const requested = ctx.params.chooser
        const isAttach = requested === 'attach' && relation.kind === 'manyToMany'
        const isAssociate =
          requested === 'associate' && relation.kind === 'hasMany' && relation.manager.associates
        if (!isAttach && !isAssociate) {
          logNotFound(relation, null, `no ${String(requested)} chooser on this relation`)
          throw new RecordNotFoundException()
        }
        const chooser = isAttach ? 'attach' : 'associate'
        const { query } = await chooserScope(relation, kit, ctx.params.record, chooser)
        return ctx.response.ok({
          options: await searchCandidates(relation, query, ctx.request.qs().search),
        })
      }),
    },
    /* the choosers' submissions: attach (many-to-many), associate (has-many) */
    ...(['attach', 'associate'] as const).map((chooser): RelationRoute => ({
      method: 'post',
      path: joinPath(base, chooser),
      name: `relations.${chooser}`,
      handler: withRelation(async (ctx, relation) => {
        const kit = await context(ctx)
        const run = chooser === 'attach' ? attachRelated : associateRelated
        return withBoundedFlash(ctx, chooserForm(relation, chooser === 'attach'), async () => {
          const record = await run(relation, kit, ctx.params.record, ctx.request.body())
          return mutationResponse(ctx, relation, chooser, record)
        })
      }),
    })),
    {
      method: 'post',
      path: joinPath(base, 'bulk-actions', ':action'),
      name: 'relations.bulk',
      handler: withRelation(async (ctx, relation) => {
        const result = await runRelatedBulkAction(
          relation,
          await context(ctx),
          ctx.params.record,
          ctx.params.action,
          ctx.request.body()
        )
        const message = `${result.affected} affected, ${result.refused} refused`
        return answer(ctx, relation, message, { ...result, message })
      }),
    },
    {
      method: 'post',
      path: base,
      name: 'relations.store',
      handler: withRelation(async (ctx, relation) => {
        const kit = await context(ctx)
        return withBoundedFlash(ctx, relationForm(relation), async () => {
          const record = await createRelated(relation, kit, ctx.params.record, ctx.request.body())
          return mutationResponse(ctx, relation, 'create', record, 201)
        })
      }),
    },
    /* GET the edit form of a related record */
    {
      method: 'get',
      path: joinPath(base, ':related'),
      name: 'relations.show',
      handler: withRelation(async (ctx, relation) => {
        const kit = await context(ctx)
        const source = await RelationSource.forOwner(relation, kit, ctx.params.record, true)
        const record = await findRecord(source, kit, ctx.params.related)
        await source.authorize(ResourceOperation.Edit, record, kit)
        if (!relation.formFields.length) {
          logNotFound(relation, null, 'the manager has no form fields')
          throw new RecordNotFoundException()
        }
        return ctx.response.ok({
          form: await serializeRelatedForm(relation, source.owner, record, kit),
        })
      }),
    },
    {
      method: 'patch',
      path: joinPath(base, ':related'),
      name: 'relations.update',
      handler: withRelation(async (ctx, relation) => {
        const kit = await context(ctx)
        return withBoundedFlash(ctx, relationForm(relation), async () => {
          const record = await updateRelated(
            relation,
            kit,
            ctx.params.record,
            ctx.params.related,
            ctx.request.body()
          )
          return mutationResponse(ctx, relation, 'edit', record)
        })
      }),
    },
    /* the record lifecycle: resolve through the owner, authorize, write */
    ...LIFECYCLE_ROUTES.map(([method, suffix, name, operation, run]): RelationRoute => ({
      method,
      path: joinPath(base, ':related', ...suffix),
      name,
      handler: withRelation(async (ctx, relation) => {
        const record = await run(
          relation,
          await context(ctx),
          ctx.params.record,
          ctx.params.related
        )
        return mutationResponse(ctx, relation, operation, record)
      }),
    })),
    {
      method: 'post',
      path: joinPath(base, ':related', 'actions', ':action'),
      name: 'relations.action',
      handler: withRelation(async (ctx, relation) => {
        const result = await runRelatedAction(
          relation,
          await context(ctx),
          ctx.params.record,
          ctx.params.related,
          ctx.params.action,
          ctx.request.body()
        )
        const message = typeof result === 'string' ? result : 'Done'
        return answer(ctx, relation, message, { action: ctx.params.action, message })
      }),
    },
  ]
}
