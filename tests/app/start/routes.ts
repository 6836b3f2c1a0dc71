import router from '@adonisjs/core/services/router'
import kit from '../../../services/main.ts'
import { middleware } from './kernel.ts'
import TagResource from '../app/resources/tag_resource.ts'
import { ViewOnlyPostResource } from '../app/resources/post_resource.ts'
import { LooseDocumentResource } from '../app/resources/tenancy_resources.ts'
import TicketResource from '../app/resources/ticket_resource.ts'
import GizmoResource, {
  HardGizmoResource,
  UncheckedGizmoResource,
} from '../app/resources/gizmo_resource.ts'

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
 * Posts with a view page only: relation managers there are read-only.
 */
kit.routes([ViewOnlyPostResource], {
  prefix: '/viewing',
  name: 'viewing',
  middleware: [middleware.auth()],
})

/**
 * Gizmos: the data-safety tests (concurrency, unique constraints).
 */
kit.routes([GizmoResource, UncheckedGizmoResource, HardGizmoResource], {
  prefix: '/safety',
  name: 'safety',
  middleware: [middleware.auth()],
})
