import app from '@adonisjs/core/services/app'
import type {
  GlobalSearchContract,
  GlobalSearchGroupContract,
  GlobalSearchResultContract,
} from '../../contracts/main.ts'
import { KitConfigurationException } from '../../support/errors.ts'
import { ResourceOperation } from '../../definitions/resource/operation.ts'
import { Resource } from '../../definitions/resource/resource.ts'
import { qualifiedKey, resourceQuery } from '../query/scoped_query.ts'
import { normalizeSearchTerm, whereSearch } from '../table/table_query.ts'
import { openableRecordUrl } from '../pages/record_links.ts'
import { ResourceMount } from '../mounts/resource_mount.ts'
import { joinPath } from '../../support/path_safety.ts'
import type { KitContext, KitUser } from '../../definitions/types.ts'
import { mountOf } from '../mounts/mount_registry.ts'
import { allows } from '../authorization/authorizer.ts'
import { assertWholeNumber } from '../../support/config_checks.ts'

/**
 * Results per resource when no limit is given.
 */
export const DEFAULT_GLOBAL_SEARCH_LIMIT = 5

/**
 * Highest accepted results per resource.
 */
export const MAX_GLOBAL_SEARCH_LIMIT = 50

/**
 * Options of a global search.
 */
export interface GlobalSearchOptions {
  /**
   * Path prefix of the panel (or facade mount) whose resources are searched,
   * and whose URLs the results link to (`/admin`). Default: the first mount
   * of each resource.
   */
  prefix?: string
  /** Results per resource: a whole number from 1 to 50 (default 5); anything else is refused */
  limit?: number
  /** The rest of the request context (HTTP context, container resolver) */
  context?: Omit<KitContext, 'user'>
}

/**
 * The results per resource a search asks for: the default when none is
 * given, else a whole number from 1 to {@link MAX_GLOBAL_SEARCH_LIMIT};
 * anything else is refused (E_KIT_CONFIG), never clamped.
 */
function searchLimit(limit: unknown): number {
  if (limit === undefined) {
    return DEFAULT_GLOBAL_SEARCH_LIMIT
  }
  assertWholeNumber(limit, 1, MAX_GLOBAL_SEARCH_LIMIT, 'GlobalSearch: limit')
  return limit
}

type SearchTarget = (new () => Resource<any>) | Resource<any> | ResourceMount

/**
 * Search records across resources. Each resource is queried through its
 * scoped query, only when the user may list it (ViewAny), over its
 * `globallySearchableAttributes()` (an empty list leaves it out), with a
 * bounded number of results. Each result is titled by the record title and
 * links to the page the user can open (edit when allowed, else view; a
 * record the user can open neither way is left out). Terms under two
 * characters return nothing without touching the database.
 *
 * @example
 * ```ts
 * const results = await GlobalSearch.across([PostResource, ProjectResource])
 *   .search('adonis', user, { prefix: '/admin' })
 * ```
 */
export class GlobalSearch {
  protected constructor(readonly targets: SearchTarget[]) {}

  /**
   * The resources to search, as classes, mounted instances or mounts.
   */
  static across(resources: SearchTarget[]) {
    if (!Array.isArray(resources)) {
      throw new KitConfigurationException('GlobalSearch.across() takes a list of resources')
    }
    return new this(resources)
  }

  /**
   * Run the search for a user.
   */
  async search(
    term: unknown,
    user: KitUser | null,
    options: GlobalSearchOptions = {}
  ): Promise<GlobalSearchContract> {
    const limit = searchLimit(options.limit)
    const normalized = normalizeSearchTerm(term)
    if (normalized === null) {
      const echoed = typeof term === 'string' ? term.replaceAll('\0', '').trim() : ''
      return { term: echoed.slice(0, 255), groups: [] }
    }
    const context: KitContext = { ...options.context, user }
    const mounts = await this.#mounts(options.prefix)

    const groups: GlobalSearchGroupContract[] = []
    for (const mount of mounts) {
      const results = await searchResource(mount, normalized, context, limit)
      if (results.length) {
        groups.push({
          resource: mount.resource.getSlug(),
          label: mount.resource.getPluralLabel(),
          results,
        })
      }
    }
    return { term: normalized, groups }
  }

  async #mounts(prefix?: string): Promise<ResourceMount[]> {
    const wanted = prefix === undefined ? undefined : joinPath(prefix)
    let all: ResourceMount[] | null = null
    const mounts: ResourceMount[] = []
    for (const target of this.targets) {
      if (target instanceof ResourceMount) {
        mounts.push(target)
        continue
      }
      if (target instanceof Resource) {
        const mount = mountOf(target)
        if (!mount) {
          throw new KitConfigurationException(
            `GlobalSearch: ${target.constructor.name} is not mounted`
          )
        }
        mounts.push(mount)
        continue
      }
      if (!all) {
        const kit: { mounts(): ResourceMount[] } = await app.container.make('kit')
        all = kit.mounts()
      }
      const found = all.find(
        (mount) =>
          mount.resource.constructor === target &&
          (wanted === undefined || joinPath(mount.options.prefix) === wanted)
      )
      if (!found) {
        throw new KitConfigurationException(
          `GlobalSearch: ${(target as Function)?.name ?? String(target)} is not mounted${wanted ? ` under ${wanted}` : ''}`
        )
      }
      mounts.push(found)
    }
    return mounts
  }
}

/**
 * Search one mounted resource: nothing when it declares no searchable
 * attribute or the user may not list it; else one bounded query through the
 * scoped query.
 */
async function searchResource(
  mount: ResourceMount,
  term: string,
  context: KitContext,
  limit: number
): Promise<GlobalSearchResultContract[]> {
  const resource = mount.resource
  /* nested resources live under a parent record: not searched globally */
  if (!mount.searchAttributes.length || mount.parent) {
    return []
  }
  if (!(await allows(resource, ResourceOperation.ViewAny, null, context))) {
    return []
  }

  const query = resourceQuery(resource, context)
  whereSearch(query, resource.model, mount.searchAttributes, term)
  const records = await query.orderBy(qualifiedKey(resource.model), 'asc').limit(limit)

  const results: GlobalSearchResultContract[] = []
  for (const record of records) {
    const url = await openableRecordUrl(mount, record, context)
    if (url) {
      results.push({
        key: record.$primaryKeyValue as string | number,
        title: resource.globalSearchTitle(record),
        url,
      })
    }
  }
  return results
}
