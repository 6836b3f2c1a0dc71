import { test } from '@japa/runner'
import { setTimeout as sleep } from 'node:timers/promises'
import { KitManager } from '../../src/http/kit_manager.ts'
import { Tenancy } from '../../src/definitions/tenancy/tenancy.ts'
import { ParentRegistration } from '../../src/definitions/nesting/parent_registration.ts'
import { KitConfigurationException, KitUrlException } from '../../src/support/errors.ts'
import { panel } from '../../src/definitions/panel/panel.ts'
import { defaultUserResolver } from '../../src/http/define_config.ts'
import {
  BoardTasksRelationManager,
  CharterResource,
  StickerResource,
  BoardResource,
  TaskResource,
} from '../app/app/resources/tenancy_resources.ts'
import { Resource } from '../../src/definitions/resource/resource.ts'
import { ResourceOperation } from '../../src/definitions/resource/operation.ts'
import {
  CustomPage,
  ListRecords,
  ManageRelatedRecords,
  type PageRoute,
} from '../../src/definitions/pages/resource_page.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import Team from '../app/app/models/team.ts'
import Board from '../app/app/models/board.ts'
import Note from '../app/app/models/note.ts'

/**
 * A router that records the routes it is asked to register.
 */
function fakeRouter() {
  const routes: string[] = []
  const route = (pattern: string) => {
    routes.push(pattern)
    const chain = { use: () => chain, as: () => chain, where: () => chain }
    return chain
  }
  return {
    routes,
    get: route,
    post: route,
    patch: route,
    delete: route,
  }
}

function manager() {
  const router = fakeRouter()
  return { router, kit: new KitManager({ panels: [], user: defaultUserResolver }, router as any) }
}

function refusal(callback: () => unknown) {
  try {
    callback()
    return undefined
  } catch (error) {
    return error as Error
  }
}

class SelfParentTask extends TaskResource {
  slug = 'self-tasks'
  getParentResourceRegistration() {
    return SelfParentTask.asParent()
  }
}

class NestedUnderTask extends StickerResource {
  slug = 'sub-stickers'
  getParentResourceRegistration() {
    return TaskResource.asParent().relationship('stickers')
  }
}

class WrongModelTask extends TaskResource {
  slug = 'wrong-tasks'
  getParentResourceRegistration() {
    return BoardResource.asParent().relationship('stickers')
  }
}

class MissingRelationTask extends TaskResource {
  slug = 'missing-tasks'
  getParentResourceRegistration() {
    return BoardResource.asParent().relationship('milestones')
  }
}

class NotAResourceParent extends TaskResource {
  slug = 'odd-tasks'
  getParentResourceRegistration() {
    /* a model class where a resource class belongs */
    return new ParentRegistration(Board as any)
  }
}

class BadParameterTask extends TaskResource {
  slug = 'param-tasks'
  getParentResourceRegistration() {
    return BoardResource.asParent().parameter('record')
  }
}

class BadInverseTask extends TaskResource {
  slug = 'inverse-tasks'
  getParentResourceRegistration() {
    return BoardResource.asParent().inverseRelationship('assignee')
  }
}

test.group('Nesting | registration is validated before any route exists', () => {
  test('{name}')
    .with([
      {
        name: 'the parent is the child',
        resources: [SelfParentTask],
        message: 'cannot be its own parent',
      },
      {
        name: 'the parent is not mounted with the child',
        resources: [TaskResource],
        message: 'must be mounted with it',
      },
      {
        name: 'the parent is itself nested',
        resources: [BoardResource, TaskResource, NestedUnderTask],
        message: 'is itself nested; resources nest one level deep only',
      },
      {
        name: 'the relationship returns another model',
        resources: [BoardResource, WrongModelTask],
        message: 'Board.stickers returns Sticker, not Task',
      },
      {
        name: 'the relationship does not exist',
        resources: [BoardResource, MissingRelationTask],
        message: '"milestones" is not a relationship of Board',
      },
      {
        name: 'the parent is not a resource class',
        resources: [BoardResource, NotAResourceParent],
        message: 'is not a resource class',
      },
      {
        name: 'the parameter collides with a kit parameter',
        resources: [BoardResource, BadParameterTask],
        message: '"record" cannot name the parent route parameter',
      },
      {
        name: 'the inverse relationship does not return the parent model',
        resources: [BoardResource, BadInverseTask],
        message: 'Task.assignee does not return Board',
      },
    ])
    .run(({ assert }, { resources, message }) => {
      const { router, kit } = manager()
      const error = refusal(() => kit.routes(resources as any, { prefix: '/n' }))
      assert.instanceOf(error, KitConfigurationException)
      assert.include(error!.message, message)
      assert.lengthOf(router.routes, 0, 'no route registered')
    })

  test('the default relationship is the plural camel-cased child model name', ({ assert }) => {
    const { router, kit } = manager()
    const [, stickers, charters] = kit.routes([BoardResource, StickerResource, CharterResource], {
      prefix: '/n',
      name: 'n',
    })
    assert.equal(stickers.parent!.bound.relationship, 'stickers')
    assert.equal(stickers.parent!.bound.kind, 'manyToMany')
    assert.equal(charters.parent!.bound.kind, 'hasOne')
    assert.equal(stickers.basePath(), '/n/boards/:parent/stickers')
    assert.equal(stickers.routeName('index'), 'n.boards.stickers.index')
    assert.include(router.routes, '/n/boards/:parent/stickers/:record/edit')
    assert.equal(stickers.url('edit', 7, 3), '/n/boards/3/stickers/7/edit')
    assert.equal(stickers.resource.baseUrl(3), '/n/boards/3/stickers')
  })

  test('a nested URL refuses a parent or a record it cannot name', ({ assert }) => {
    const { kit } = manager()
    const [, stickers] = kit.routes([BoardResource, StickerResource], { prefix: '/n', name: 'n' })
    const cases: [() => unknown, string][] = [
      [() => stickers.url('edit', 7, ''), 'page "edit"'],
      [() => stickers.url('index', undefined, new Board()), 'page "index"'],
      [() => stickers.resource.url('edit', 7, 'undefined'), 'page "edit"'],
      [() => stickers.resource.baseUrl(''), 'the base URL'],
      [() => stickers.url('edit', '', 3), 'page "edit"'],
    ]
    for (const [build, target] of cases) {
      const error = refusal(build)
      assert.instanceOf(error, KitUrlException)
      assert.include(error!.message, `StickerResource: cannot build the URL of ${target}`)
    }
    assert.include(
      refusal(() => stickers.url('index', undefined, new Board()))!.message,
      'the parent: the Board record is not saved'
    )
    assert.include(refusal(() => stickers.url('edit', '', 3))!.message, 'the Sticker key is empty')
  })

  test('tenant routing needs a TenantAccess model and a real route key', ({ assert }) => {
    const { kit } = manager()
    assert.include(
      refusal(() => kit.routes([PostResource], { tenant: { model: Note as any } }))!.message,
      'must implement TenantAccess'
    )
    assert.include(
      refusal(() => kit.routes([PostResource], { tenant: { model: Team, routeKey: 'handle' } }))!
        .message,
      'routeKey "handle" is not a column of Team'
    )
  })
})

class BoardTasksPage extends ManageRelatedRecords {
  relationManager = BoardTasksRelationManager
}

/**
 * Boards with a relation page at /:record/stickers.
 */
class PagedBoards extends Resource<typeof Board> {
  model = Board
  slug = 'paged-boards'
  getRelations() {
    return [BoardTasksRelationManager]
  }
  getPages(): Record<string, PageRoute> {
    return { index: ListRecords.route('/'), tasks: BoardTasksPage.route('/:record/stickers') }
  }
}

class StickersOfPagedBoards extends StickerResource {
  getParentResourceRegistration() {
    return PagedBoards.asParent()
  }
}

/** Stickers under a board at `/:parent/edit`, where the board's edit page is */
class EditStickers extends StickerResource {
  slug = 'edit'
}

class BoardSummary extends CustomPage {
  component = 'boards/summary'
  operation() {
    return ResourceOperation.View
  }
  title() {
    return 'Summary'
  }
}

class SummarizedBoards extends Resource<typeof Board> {
  model = Board
  getPages(): Record<string, PageRoute> {
    return { index: ListRecords.route('/'), summary: BoardSummary.route('/:record') }
  }
}

class OtherBoards extends BoardResource {}

test.group('Routes | collisions refused at boot, naming both', () => {
  test('a parent page and a nested resource on the same path', ({ assert }) => {
    const { router, kit } = manager()
    const error = refusal(() => kit.routes([PagedBoards, StickersOfPagedBoards], { prefix: '/n' }))
    assert.instanceOf(error, KitConfigurationException)
    assert.include(
      error!.message,
      'StickersOfPagedBoards page "index" (GET /n/paged-boards/:parent/stickers, "kit.paged-boards.stickers.index") can never be reached: PagedBoards page "tasks" (GET /n/paged-boards/:record/stickers, "kit.paged-boards.tasks") answers the same URLs first'
    )
    assert.lengthOf(router.routes, 0, 'no route registered')
  })

  test('a nested resource whose slug is a built-in page path of its parent', ({ assert }) => {
    const { router, kit } = manager()
    const error = refusal(() => kit.routes([BoardResource, EditStickers], { prefix: '/n' }))
    assert.include(error!.message, 'EditStickers page "index" (GET /n/boards/:parent/edit')
    assert.include(error!.message, 'BoardResource page "edit" (GET /n/boards/:record/edit')
    assert.lengthOf(router.routes, 0)
  })

  test("a route under another mount's record parameter", ({ assert }) => {
    const { router, kit } = manager()
    kit.routes([SummarizedBoards], { prefix: '/s' })
    const registered = router.routes.length
    const error = refusal(() => kit.routes([PostResource], { prefix: '/s/boards' }))
    assert.include(error!.message, 'PostResource page "index" (GET /s/boards/posts')
    assert.include(error!.message, 'SummarizedBoards page "summary" (GET /s/boards/:record')
    assert.lengthOf(router.routes, registered, 'none of the refused mount')
  })

  test('two tenant mounts on one path with different parameter names', ({ assert }) => {
    const { kit } = manager()
    kit.routes([PostResource], { prefix: '/t', tenant: { model: Team, parameter: 'team' } })
    const error = refusal(() =>
      kit.routes([PostResource], { prefix: '/t', tenant: { model: Team, parameter: 'org' } })
    )
    assert.include(error!.message, 'PostResource page "index" (GET /:org/t/posts')
    assert.include(error!.message, 'PostResource page "index" (GET /:team/t/posts')
  })

  test('two resources with the same slug', ({ assert }) => {
    const { router, kit } = manager()
    const error = refusal(() => kit.routes([BoardResource, OtherBoards], { prefix: '/n' }))
    assert.include(error!.message, 'OtherBoards and BoardResource are both mounted at /n/boards')
    assert.lengthOf(router.routes, 0)
  })

  test('nested resources with distinct paths still mount', ({ assert }) => {
    const { kit } = manager()
    const mounts = kit.routes([BoardResource, StickerResource, CharterResource], { prefix: '/n' })
    assert.lengthOf(mounts, 3)
  })
})

class RelationParameterTask extends TaskResource {
  slug = 'relation-param-tasks'
  getParentResourceRegistration() {
    return BoardResource.asParent().parameter('relation')
  }
}

test.group('Tenancy | the tenant route parameter is validated like a parent parameter', () => {
  const invalid: unknown[] = [
    '',
    '1team',
    'te-am',
    'team/x',
    ':team',
    'team id',
    'record',
    'action',
  ]
  invalid.push('relation', 'related', 'chooser', 42)

  test('kit.routes() refuses a parameter that cannot name a route parameter', ({ assert }) => {
    for (const parameter of invalid) {
      const { router, kit } = manager()
      const error = refusal(() =>
        kit.routes([PostResource], { tenant: { model: Team, parameter: parameter as string } })
      )
      assert.instanceOf(error, KitConfigurationException, String(parameter))
      assert.include(
        error!.message,
        `kit.routes(): ${JSON.stringify(parameter)} cannot name the tenant route parameter`
      )
      assert.lengthOf(router.routes, 0, 'no route registered')
    }
  })

  test('panel().tenant() refuses it when the panel is declared', ({ assert }) => {
    for (const parameter of invalid) {
      const error = refusal(() =>
        panel('teams').tenant({ model: Team, parameter: parameter as string })
      )
      assert.instanceOf(error, KitConfigurationException, String(parameter))
      assert.include(
        error!.message,
        `Panel "teams": tenant(): ${JSON.stringify(parameter)} cannot name the tenant route parameter`
      )
    }
  })

  test('valid names are accepted and used', ({ assert }) => {
    const { router, kit } = manager()
    kit.routes([PostResource], { prefix: '/v', tenant: { model: Team, parameter: 'team_1' } })
    assert.include(router.routes, '/:team_1/v/posts')
    assert.doesNotThrow(() => panel('teams').tenant({ model: Team, parameter: 'organisation' }))
    assert.doesNotThrow(() => panel('teams').tenant({ model: Team }))
  })

  test("a parent parameter may not take the relation routes' parameters either", ({ assert }) => {
    const { router, kit } = manager()
    const error = refusal(() =>
      kit.routes([BoardResource, RelationParameterTask], { prefix: '/n' })
    )
    assert.include(error!.message, '"relation" cannot name the parent route parameter')
    assert.lengthOf(router.routes, 0)
  })
})

test.group('Tenancy | request-scoped tenant', () => {
  test('set once per request, forgotten afterwards, invisible to other requests', async ({
    assert,
  }) => {
    const acme = new Team().merge({ id: 1, slug: 'acme', name: 'Acme' })
    const globex = new Team().merge({ id: 2, slug: 'globex', name: 'Globex' })
    assert.isNull(Tenancy.current())
    assert.throws(() => Tenancy.resolve(), /outside a request served by the kit/)

    const seen = await Promise.all(
      [acme, globex, acme, globex].map((tenant, index) =>
        Tenancy.run(null, async () => {
          Tenancy.resolve().set(tenant)
          await sleep(10 - index * 2)
          const current = Tenancy.current()
          Tenancy.resolve().forget()
          return [current?.$primaryKeyValue, Tenancy.current()]
        })
      )
    )
    assert.deepEqual(seen, [
      [1, null],
      [2, null],
      [1, null],
      [2, null],
    ])

    Tenancy.run(null, () => {
      Tenancy.resolve().set(acme).set(acme)
      assert.throws(() => Tenancy.resolve().set(globex), /set once/)
      assert.throws(() => Tenancy.resolve().set({} as any), /Lucid model instance/)
    })
    assert.isNull(Tenancy.current())
  })
})
