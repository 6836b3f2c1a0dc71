import { test } from '@japa/runner'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { BasePolicy } from '@adonisjs/bouncer'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import { Resource } from '../../src/definitions/resource/resource.ts'
import { ResourceOperation } from '../../src/definitions/resource/operation.ts'
import { UnauthorizedOperationException } from '../../src/support/errors.ts'
import type { KitUser } from '../../src/definitions/types.ts'

class Widget extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare ownerId: number
}

/**
 * Records every call so the tests can check what the policy received.
 */
const calls: { ability: string; user: unknown; subject: unknown }[] = []

class WidgetPolicy extends BasePolicy {
  viewAny(user: KitUser, subject: unknown) {
    calls.push({ ability: 'viewAny', user, subject })
    return true
  }

  view(user: KitUser, subject: unknown) {
    calls.push({ ability: 'view', user, subject })
    return true
  }

  update(user: KitUser, record: Widget) {
    calls.push({ ability: 'update', user, subject: record })
    return record.ownerId === user.id
  }

  delete(user: KitUser) {
    return user.isAdmin === true
  }

  /* no create, deleteAny, restore, restoreAny, forceDelete, forceDeleteAny */
}

/**
 * A policy that would allow everyone, even guests.
 */
class PermissivePolicy extends BasePolicy {
  before() {
    return true
  }

  viewAny() {
    return true
  }

  create() {
    return true
  }
}

class NoPolicyResource extends Resource<typeof Widget> {
  model = Widget
}

class WidgetResource extends Resource<typeof Widget> {
  model = Widget
  policy = WidgetPolicy
}

class LazyPolicyResource extends Resource<typeof Widget> {
  model = Widget
  policy = async () => ({ default: WidgetPolicy })
}

class PermissiveResource extends Resource<typeof Widget> {
  model = Widget
  policy = PermissivePolicy
}

/**
 * A canAccess override answering a fixed (possibly non-boolean) value.
 */
function answering(value: unknown) {
  return class AnsweringResource extends Resource<typeof Widget> {
    model = Widget
    async canAccess() {
      return value as boolean
    }
  }
}

function widget(id: number, ownerId: number) {
  const record = new Widget()
  record.id = id
  record.ownerId = ownerId
  return record
}

const user = { id: 1, isAdmin: false }
const admin = { id: 2, isAdmin: true }

test.group('Resource | fail-closed canAccess without a policy', () => {
  test('denies every operation to a signed-in user', async ({ assert }) => {
    const resource = new NoPolicyResource()
    for (const operation of ResourceOperation.all()) {
      const record = operation.requiresRecord ? widget(1, admin.id) : null
      assert.isFalse(await resource.canAccess(operation, record, admin), operation.name)
      assert.isFalse(await resource.allows(operation, record, admin), operation.name)
    }
  })

  test('denies every operation to a guest', async ({ assert }) => {
    const resource = new NoPolicyResource()
    for (const operation of ResourceOperation.all()) {
      const record = operation.requiresRecord ? widget(1, 1) : null
      assert.isFalse(await resource.canAccess(operation, record, null), operation.name)
      assert.isFalse(await resource.allows(operation, record, null), operation.name)
    }
  })
})

test.group('Resource | canAccess through a Bouncer policy', (group) => {
  group.each.setup(() => {
    calls.length = 0
  })

  test('denies a guest without asking the policy, even a permissive one', async ({ assert }) => {
    for (const resource of [new WidgetResource(), new PermissiveResource()]) {
      for (const operation of ResourceOperation.all()) {
        const record = operation.requiresRecord ? widget(1, 1) : null
        assert.isFalse(await resource.canAccess(operation, record, null), operation.name)
      }
    }
    assert.lengthOf(calls, 0)
  })

  test('denies when the policy has no method for the ability', async ({ assert }) => {
    const resource = new WidgetResource()
    for (const operation of [
      ResourceOperation.Create,
      ResourceOperation.DeleteAny,
      ResourceOperation.Restore,
      ResourceOperation.RestoreAny,
      ResourceOperation.ForceDelete,
      ResourceOperation.ForceDeleteAny,
    ]) {
      const record = operation.requiresRecord ? widget(1, admin.id) : null
      assert.isFalse(await resource.canAccess(operation, record, admin), operation.name)
    }
  })

  test('a before() hook does not stand in for a missing method', async ({ assert }) => {
    const resource = new PermissiveResource()
    assert.isTrue(await resource.canAccess(ResourceOperation.Create, null, user))
    assert.isFalse(await resource.canAccess(ResourceOperation.Edit, widget(1, 1), user))
    assert.isFalse(await resource.canAccess(ResourceOperation.Delete, widget(1, 1), user))
  })

  test('follows the policy method: update for Edit', async ({ assert }) => {
    const resource = new WidgetResource()
    assert.isTrue(await resource.canAccess(ResourceOperation.Edit, widget(5, user.id), user))
    assert.isFalse(await resource.canAccess(ResourceOperation.Edit, widget(6, admin.id), user))
    assert.deepEqual(
      calls.map(({ ability }) => ability),
      ['update', 'update']
    )
  })

  test('follows the policy method: delete', async ({ assert }) => {
    const resource = new WidgetResource()
    assert.isTrue(await resource.canAccess(ResourceOperation.Delete, widget(5, user.id), admin))
    assert.isFalse(await resource.canAccess(ResourceOperation.Delete, widget(5, user.id), user))
  })

  test('passes the record, or the model class when there is none', async ({ assert }) => {
    const resource = new WidgetResource()
    const record = widget(9, user.id)
    assert.isTrue(await resource.canAccess(ResourceOperation.View, record, user))
    assert.isTrue(await resource.canAccess(ResourceOperation.ViewAny, null, user))

    assert.lengthOf(calls, 2)
    assert.strictEqual(calls[0].subject, record)
    assert.strictEqual(calls[0].user, user)
    assert.strictEqual(calls[1].subject, Widget)
  })

  test('resolves a lazily imported policy', async ({ assert }) => {
    const resource = new LazyPolicyResource()
    assert.isTrue(await resource.canAccess(ResourceOperation.Edit, widget(5, user.id), user))
    assert.isFalse(await resource.canAccess(ResourceOperation.Edit, widget(5, admin.id), user))
    assert.isFalse(await resource.canAccess(ResourceOperation.Create, null, user))
    assert.isFalse(await resource.canAccess(ResourceOperation.ViewAny, null, null))
  })
})

test.group('Resource | allows() and authorize()', () => {
  test('allows() is true only for a literal true', async ({ assert }) => {
    assert.isTrue(await new (answering(true))().allows(ResourceOperation.ViewAny, null, user))
    for (const value of [1, 'yes', 'true', {}, [], false, null, undefined, 0, Promise]) {
      const resource = new (answering(value))()
      assert.isFalse(
        await resource.allows(ResourceOperation.ViewAny, null, user),
        JSON.stringify(value) ?? String(value)
      )
    }
  })

  test('authorize() resolves when allowed', async ({ assert }) => {
    const resource = new WidgetResource()
    await assert.doesNotReject(() =>
      resource.authorize(ResourceOperation.Edit, widget(1, user.id), user)
    )
  })

  test('authorize() throws E_KIT_FORBIDDEN (403) when denied', async ({ assert }) => {
    const denials: [Resource<any>, ResourceOperation, Widget | null, KitUser | null][] = [
      [new NoPolicyResource(), ResourceOperation.ViewAny, null, admin],
      [new WidgetResource(), ResourceOperation.Edit, widget(1, admin.id), user],
      [new WidgetResource(), ResourceOperation.ViewAny, null, null],
      [new (answering('yes'))(), ResourceOperation.ViewAny, null, user],
      [new (answering(1))(), ResourceOperation.ViewAny, null, user],
    ]
    for (const [resource, operation, record, who] of denials) {
      try {
        await resource.authorize(operation, record, who)
        assert.fail(`${resource.constructor.name} ${operation.name} should have been refused`)
      } catch (error) {
        assert.instanceOf(error, UnauthorizedOperationException)
        assert.equal(error.code, 'E_KIT_FORBIDDEN')
        assert.equal(error.status, 403)
        assert.equal(error.message, 'This action is unauthorized')
      }
    }
  })

  test('exceptions thrown by canAccess are not swallowed', async ({ assert }) => {
    class FailingResource extends Resource<typeof Widget> {
      model = Widget
      async canAccess(): Promise<boolean> {
        throw new Error('policy store is down')
      }
    }
    await assert.rejects(
      () => new FailingResource().allows(ResourceOperation.ViewAny, null, user),
      'policy store is down'
    )
  })
})

/**
 * A dependency a policy receives through the container.
 */
class Membership {
  isMember(member: KitUser) {
    return member.id === 7
  }
}

@inject()
class InjectedPolicy extends BasePolicy {
  constructor(protected membership: Membership) {
    super()
  }

  viewAny(member: KitUser) {
    return this.membership.isMember(member)
  }
}

class InjectedWidgetResource extends Resource<typeof Widget> {
  model = Widget
  policy = InjectedPolicy
}

test.group('Resource | policies with injected dependencies', () => {
  test('are built by the request container; plain policies without it', async ({ assert }) => {
    const resource = new InjectedWidgetResource()
    const member = { id: 7 }
    const containerResolver = app.container.createResolver()
    assert.isTrue(
      await resource.allows(ResourceOperation.ViewAny, null, member, {
        user: member,
        containerResolver,
      })
    )
    assert.isFalse(
      await resource.allows(
        ResourceOperation.ViewAny,
        null,
        { id: 8 },
        { user: { id: 8 }, containerResolver }
      )
    )

    /* a policy without constructor injections needs no container */
    const plain = new WidgetResource()
    assert.isTrue(await plain.allows(ResourceOperation.ViewAny, null, { id: 1 }))
  })
})
