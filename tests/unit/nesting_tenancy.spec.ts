import { test } from '@japa/runner'
import { setTimeout as sleep } from 'node:timers/promises'
import { KitManager } from '../../src/kit_manager.ts'
import { Tenancy } from '../../src/tenancy/tenancy.ts'
import { ParentRegistration } from '../../src/nesting/parent_registration.ts'
import { KitConfigurationException } from '../../src/errors.ts'
import { defaultUserResolver } from '../../src/define_config.ts'
import {
  CharterResource,
  LabelResource,
  ProjectResource,
  TaskResource,
} from '../app/app/resources/tenancy_resources.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import Team from '../app/app/models/team.ts'
import Project from '../app/app/models/project.ts'
import Note from '../app/app/models/note.ts'

/**
 * A router that records the routes it is asked to register.
 */
function fakeRouter() {
  const routes: string[] = []
  const route = (pattern: string) => {
    routes.push(pattern)
    const chain = { use: () => chain, as: () => chain }
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

class NestedUnderTask extends LabelResource {
  slug = 'sub-labels'
  getParentResourceRegistration() {
    return TaskResource.asParent().relationship('labels')
  }
}

class WrongModelTask extends TaskResource {
  slug = 'wrong-tasks'
  getParentResourceRegistration() {
    return ProjectResource.asParent().relationship('labels')
  }
}

class MissingRelationTask extends TaskResource {
  slug = 'missing-tasks'
  getParentResourceRegistration() {
    return ProjectResource.asParent().relationship('milestones')
  }
}

class NotAResourceParent extends TaskResource {
  slug = 'odd-tasks'
  getParentResourceRegistration() {
    /* a model class where a resource class belongs */
    return new ParentRegistration(Project as any)
  }
}

class BadParameterTask extends TaskResource {
  slug = 'param-tasks'
  getParentResourceRegistration() {
    return ProjectResource.asParent().parameter('record')
  }
}

class BadInverseTask extends TaskResource {
  slug = 'inverse-tasks'
  getParentResourceRegistration() {
    return ProjectResource.asParent().inverseRelationship('assignee')
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
        resources: [ProjectResource, TaskResource, NestedUnderTask],
        message: 'is itself nested; resources nest one level deep only',
      },
      {
        name: 'the relationship returns another model',
        resources: [ProjectResource, WrongModelTask],
        message: 'Project.labels returns Label, not Task',
      },
      {
        name: 'the relationship does not exist',
        resources: [ProjectResource, MissingRelationTask],
        message: '"milestones" is not a relationship of Project',
      },
      {
        name: 'the parent is not a resource class',
        resources: [ProjectResource, NotAResourceParent],
        message: 'is not a resource class',
      },
      {
        name: 'the parameter collides with a kit parameter',
        resources: [ProjectResource, BadParameterTask],
        message: '"record" cannot name the parent route parameter',
      },
      {
        name: 'the inverse relationship does not return the parent model',
        resources: [ProjectResource, BadInverseTask],
        message: 'Task.assignee does not return Project',
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
    const [, labels, charters] = kit.routes([ProjectResource, LabelResource, CharterResource], {
      prefix: '/n',
      name: 'n',
    })
    assert.equal(labels.parent!.bound.relationship, 'labels')
    assert.equal(labels.parent!.bound.kind, 'manyToMany')
    assert.equal(charters.parent!.bound.kind, 'hasOne')
    assert.equal(labels.basePath(), '/n/projects/:parent/labels')
    assert.equal(labels.routeName('index'), 'n.projects.labels.index')
    assert.include(router.routes, '/n/projects/:parent/labels/:record/edit')
    assert.equal(labels.url('edit', 7, 3), '/n/projects/3/labels/7/edit')
    assert.equal(labels.resource.baseUrl(3), '/n/projects/3/labels')
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
