import {
  Cluster,
  type ResourceOperation,
  type KitContext,
  type KitUser,
  type NavigationBadgeContext,
  type ResourceQuery,
} from '../../../../index.ts'
import type Board from '../models/board.ts'
import { BoardResource, DocumentResource } from './tenancy_resources.ts'

/*
 * The navigation of the "signals" tenant panel (navigation_badges.spec.ts):
 * badges counted through the scoped query, a badge that throws, a badge of
 * a resource the user may not list, a cluster, groups and custom links.
 */

/**
 * The cluster of the library: papers and folders.
 */
export const library = new Cluster({
  label: { en: 'Library', fr: 'Bibliothèque' },
  icon: 'book-open',
  group: 'Reference',
})

/**
 * Boards with a badge: the open boards of the tenant, counted through the
 * scoped query (which also hides the boards named "Secret").
 */
export class SignalBoardResource extends BoardResource {
  navigationGroup = 'Work'
  navigationBadgeColor = 'warning' as const
  navigationBadgeTooltip = { en: 'Open boards', fr: 'Tableaux ouverts' }

  modifyQuery(query: ResourceQuery<typeof Board>, _context: KitContext) {
    return query.whereNot('name', 'Secret')
  }

  navigationBadge(context: NavigationBadgeContext) {
    return context.count((query) => query.where('archived', false))
  }
}

/**
 * The archive: boards only admins may list; its badge is computed for them
 * alone.
 */
export class ArchiveResource extends BoardResource {
  slug = 'archive'
  navigationGroup = 'Work'

  async canAccess(operation: ResourceOperation, board: Board | null, user: KitUser | null) {
    return Boolean(user?.isAdmin) && super.canAccess(operation, board, user)
  }

  navigationBadge() {
    return { value: 'new', color: 'success' as const }
  }
}

/**
 * Documents whose badge throws: the page and the other badges still come.
 */
export class FailingDocumentResource extends DocumentResource {
  navigationGroup = 'Work'

  navigationBadge(): number {
    throw new Error('the badge service is down')
  }
}

/**
 * Papers: documents in the library cluster.
 */
export class PaperResource extends DocumentResource {
  slug = 'papers'
  navigationLabel = { en: 'Papers', fr: 'Articles' }
  navigationCluster = library
}

/**
 * Folders: boards in the library cluster, with a zero badge (none shown).
 */
export class FolderResource extends BoardResource {
  slug = 'folders'
  navigationLabel = { en: 'Folders', fr: 'Dossiers' }
  navigationCluster = library

  navigationBadge(context: NavigationBadgeContext) {
    return context.count((query) => query.where('name', 'no such board'))
  }
}
