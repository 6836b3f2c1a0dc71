import { LiveTicketResource } from '../app/resources/live_ticket_resource.ts'
import LedgerResource, { ApiLedgerResource } from '../app/resources/ledger_resource.ts'
import router from '@adonisjs/core/services/router'
import transmit from '@adonisjs/transmit/services/main'
import CampaignResource from '../app/resources/campaign_resource.ts'
import kit from '../../../services/main.ts'
import { middleware } from './kernel.ts'
import TagResource, { FrenchTagResource } from '../app/resources/tag_resource.ts'
import { FrenchProfileResource } from '../app/resources/profile_resource.ts'
import { ViewOnlyPostResource } from '../app/resources/post_resource.ts'
import { LooseDocumentResource } from '../app/resources/tenancy_resources.ts'
import TicketResource from '../app/resources/ticket_resource.ts'
import {
  BuiltRedirectTicketResource,
  ReplicaPostResource,
  ViewedTicketResource,
} from '../app/resources/routed_ticket_resource.ts'
import PolicedPostResource from '../app/resources/policed_post_resource.ts'
import ListingResource, {
  FormFilteredListingResource,
  PricedListingResource,
} from '../app/resources/listing_resource.ts'
import type { KitContext } from '../../../index.ts'
import BuilderListingResource, {
  GroupedListingResource,
} from '../app/resources/listing_builder_resource.ts'
import GizmoBoardResource from '../app/resources/gizmo_board_resource.ts'
import { deleteRecord, findRecord, updateRecord } from '../../../src/runtime/main.ts'
import type { HttpContext } from '@adonisjs/core/http'
import GizmoResource, {
  DistinctGizmoResource,
  HardGizmoResource,
  VersionedGizmoResource,
  UncheckedGizmoResource,
} from '../app/resources/gizmo_resource.ts'

/**
 * Campaigns: layouts, a wizard, a repeater and action forms.
 */
kit.routes([CampaignResource], {
  prefix: '/marketing',
  name: 'marketing',
  middleware: [middleware.auth()],
})

/* live notifications (notifications.spec.ts) */
transmit.registerRoutes()

router.get('/login', ({ response }) => response.send('login page')).as('login')

/**
 * Resources outside any panel, through the route facade.
 */
kit.routes([TagResource], {
  prefix: '/manage',
  name: 'manage',
  middleware: [middleware.auth()],
  mutationMiddleware: [middleware.mutationMarker()],
})

/**
 * Tags in French: every string the kit sends speaks the locale.
 */
kit.routes([FrenchTagResource], {
  prefix: '/fr',
  name: 'fr',
  middleware: [middleware.auth()],
  locale: 'fr-FR',
})

/**
 * Profiles in French: the fields' own validation messages speak the locale.
 */
kit.routes([FrenchProfileResource], {
  prefix: '/fr-profiles',
  name: 'frProfiles',
  middleware: [middleware.auth()],
  locale: 'fr-FR',
})

/**
 * A tenant-scoped resource without tenant routing: it refuses to read.
 */
kit.routes([LooseDocumentResource], {
  prefix: '/loose',
  name: 'loose',
  middleware: [middleware.auth()],
})

/**
 * The resource the kit() driver tests drive (and compare with its routes).
 */
kit.routes([TicketResource], {
  prefix: '/desk',
  name: 'desk',
  middleware: [middleware.auth()],
})

/**
 * Tickets whose form pages redirect elsewhere after a save.
 */
kit.routes([ViewedTicketResource, BuiltRedirectTicketResource, ReplicaPostResource], {
  prefix: '/routed',
  name: 'routed',
  middleware: [middleware.auth()],
})

/**
 * Listings: the filter tests (multiple select, ternary, date range).
 */
kit.routes([ListingResource], {
  prefix: '/catalog',
  name: 'catalog',
  middleware: [middleware.auth()],
})

/**
 * The same listings with formatted values, in French and Paris time.
 */
/**
 * The same listings with form filters.
 */
kit.routes([FormFilteredListingResource], {
  prefix: '/form-filters',
  name: 'formFilters',
  middleware: [middleware.auth()],
})

kit.routes([PricedListingResource], {
  prefix: '/pricing',
  name: 'pricing',
  middleware: [middleware.auth()],
  locale: 'fr-FR',
  timeZone: 'Europe/Paris',
})

/**
 * Posts with a view page only: relation managers there are read-only.
 */
kit.routes([ViewOnlyPostResource], {
  prefix: '/viewing',
  name: 'viewing',
  middleware: [middleware.auth()],
})

/**
 * Posts whose relation managers ask Bouncer policies (no canAccess()).
 */
kit.routes([PolicedPostResource], {
  prefix: '/policed',
  name: 'policed',
  middleware: [middleware.auth()],
})

/**
 * A hand-written JSON endpoint over the exported record functions, as an
 * application writes one: the key arrives as the body's `key`, a JSON
 * number or a string.
 */
function recordEndpoint(
  run: (context: KitContext, key: unknown, input: Record<string, unknown>) => Promise<unknown>
) {
  return async (ctx: HttpContext) => {
    const { key, ...input } = ctx.request.body()
    const context: KitContext = {
      user: ctx.auth.user ?? null,
      http: ctx,
      containerResolver: ctx.containerResolver,
    }
    const record: any = await run(context, key, input)
    return { id: record.id, subject: record.subject }
  }
}

router
  .group(() => {
    router.post(
      'find',
      recordEndpoint((context, key) => findRecord(kit.resource(TicketResource), context, key))
    )
    router.post(
      'update',
      recordEndpoint(async (context, key, input) => {
        /* a JSON API whose clients send no version: the controller opts out */
        const { record } = await updateRecord(kit.resource(TicketResource), context, key, input, {
          unversioned: true,
        })
        return record
      })
    )
    router.post(
      'delete',
      recordEndpoint((context, key) => deleteRecord(kit.resource(TicketResource), context, key))
    )
  })
  .prefix('/json/tickets')
  .use(middleware.auth())

/**
 * Gizmos: the data-safety tests (concurrency, unique constraints).
 */
kit.routes(
  [
    GizmoResource,
    UncheckedGizmoResource,
    HardGizmoResource,
    DistinctGizmoResource,
    VersionedGizmoResource,
    LedgerResource,
    ApiLedgerResource,
  ],
  {
    prefix: '/safety',
    name: 'safety',
    middleware: [middleware.auth()],
  }
)

/**
 * Listings with the query builder, in Paris time; gizmos edited from the table.
 */
kit.routes([BuilderListingResource, GroupedListingResource], {
  prefix: '/builder',
  name: 'builder',
  middleware: [middleware.auth()],
  timeZone: 'Europe/Paris',
})
kit.routes([GizmoBoardResource], {
  prefix: '/board',
  name: 'board',
  middleware: [middleware.auth()],
})

/**
 * Tickets with live fields (the form state endpoint).
 */
kit.routes([LiveTicketResource], {
  prefix: '/live',
  name: 'live',
  middleware: [middleware.auth()],
})
