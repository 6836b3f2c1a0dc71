import type { HttpContext } from '@adonisjs/core/http'
import { joinPath } from '../support/path_safety.ts'
import type { ResourceMount } from '../runtime/mounts/resource_mount.ts'
import { operationHandler } from './page_handlers.ts'
import {
  chooserForm,
  chooserOperation,
  createRelatedOperation,
  relatedActionOperation,
  relatedFormOperation,
  relatedLifecycleOperation,
  relationBulkActionOperation,
  relationForm,
  relationManagerOperation,
  relationOptionsOperation,
  updateRelatedOperation,
} from '../runtime/operations/relations.ts'
import { noForm } from './page_handlers.ts'

/**
 * One relation route: method, path under the resource and handler.
 */
export interface RelationRoute {
  method: 'get' | 'post' | 'patch' | 'delete'
  path: string
  name: string
  handler: (ctx: HttpContext) => Promise<unknown>
}

/**
 * The record lifecycle routes of a manager: method, path after
 * `<base>/:related`, route name, operation.
 */
const LIFECYCLE_ROUTES = [
  ['delete', [], 'relations.destroy', 'delete'],
  ['post', ['restore'], 'relations.restore', 'restore'],
  ['delete', ['force-delete'], 'relations.forceDelete', 'forceDelete'],
  ['post', ['detach'], 'relations.detach', 'detach'],
  ['post', ['dissociate'], 'relations.dissociate', 'dissociate'],
] as const

/**
 * The relation routes of a mounted resource, static segments first so that
 * none is ever read as a related key. Each is the HTTP adapter of an
 * operation of `src/runtime/operations/relations.ts`, answered like the resource
 * routes (`operationHandler`): JSON for API clients, a flash message and a
 * redirect back for browsers, the bounded flash of a refused form.
 */
export function relationRoutes(mount: ResourceMount): RelationRoute[] {
  const base = joinPath(mount.basePath(), ':record', 'relations', ':relation')
  return [
    /* the manager contract (table state from the query string) */
    {
      method: 'get',
      path: base,
      name: 'relations.index',
      handler: operationHandler(mount, relationManagerOperation),
    },
    /* chooser options: /options/attach, /options/associate */
    {
      method: 'get',
      path: joinPath(base, 'options', ':chooser'),
      name: 'relations.options',
      handler: operationHandler(mount, relationOptionsOperation),
    },
    /* the choosers' submissions: attach (many-to-many), associate (has-many) */
    ...(['attach', 'associate'] as const).map((chooser): RelationRoute => ({
      method: 'post',
      path: joinPath(base, chooser),
      name: `relations.${chooser}`,
      handler: operationHandler(mount, chooserOperation(chooser), chooserForm(chooser)),
    })),
    {
      method: 'post',
      path: joinPath(base, 'bulk-actions', ':action'),
      name: 'relations.bulk',
      handler: operationHandler(mount, relationBulkActionOperation, noForm),
    },
    {
      method: 'post',
      path: base,
      name: 'relations.store',
      handler: operationHandler(mount, createRelatedOperation, relationForm),
    },
    /* the edit form of a related record */
    {
      method: 'get',
      path: joinPath(base, ':related'),
      name: 'relations.show',
      handler: operationHandler(mount, relatedFormOperation),
    },
    {
      method: 'patch',
      path: joinPath(base, ':related'),
      name: 'relations.update',
      handler: operationHandler(mount, updateRelatedOperation, relationForm),
    },
    /* the record lifecycle: resolve through the owner, authorize, write */
    ...LIFECYCLE_ROUTES.map(([method, suffix, name, operation]): RelationRoute => ({
      method,
      path: joinPath(base, ':related', ...suffix),
      name,
      handler: operationHandler(mount, relatedLifecycleOperation(operation)),
    })),
    {
      method: 'post',
      path: joinPath(base, ':related', 'actions', ':action'),
      name: 'relations.action',
      handler: operationHandler(mount, relatedActionOperation, noForm),
    },
  ]
}
