import { test } from '@japa/runner'
import { ResourceOperation } from '../../src/definitions/resource/operation.ts'

test.group('ResourceOperation | policy abilities', () => {
  const expected: [ResourceOperation, string, string, boolean][] = [
    [ResourceOperation.ViewAny, 'viewAny', 'viewAny', false],
    [ResourceOperation.View, 'view', 'view', true],
    [ResourceOperation.Create, 'create', 'create', false],
    [ResourceOperation.Attach, 'attach', 'attach', false],
    [ResourceOperation.Associate, 'associate', 'associate', false],
    [ResourceOperation.Edit, 'edit', 'update', true],
    [ResourceOperation.Delete, 'delete', 'delete', true],
    [ResourceOperation.DeleteAny, 'deleteAny', 'deleteAny', false],
    [ResourceOperation.Restore, 'restore', 'restore', true],
    [ResourceOperation.RestoreAny, 'restoreAny', 'restoreAny', false],
    [ResourceOperation.ForceDelete, 'forceDelete', 'forceDelete', true],
    [ResourceOperation.ForceDeleteAny, 'forceDeleteAny', 'forceDeleteAny', false],
    [ResourceOperation.Detach, 'detach', 'detach', true],
    [ResourceOperation.Dissociate, 'dissociate', 'dissociate', true],
  ]

  for (const [operation, name, ability, requiresRecord] of expected) {
    test(`${name} is authorized by the "${ability}" policy method`, ({ assert }) => {
      assert.equal(operation.name, name)
      assert.equal(operation.policyAbility(), ability)
      assert.equal(operation.requiresRecord, requiresRecord)
      assert.equal(String(operation), name)
    })
  }

  test('Edit maps to the "update" ability, not to "edit"', ({ assert }) => {
    assert.equal(ResourceOperation.Edit.policyAbility(), 'update')
    assert.notEqual(ResourceOperation.Edit.policyAbility(), ResourceOperation.Edit.name)
  })

  test('all() lists the fourteen operations in declaration order, each once', ({ assert }) => {
    const all = ResourceOperation.all()
    assert.deepEqual(
      all.map((operation) => operation.name),
      expected.map(([, name]) => name)
    )
    assert.equal(new Set(all).size, 14)
  })

  test('the ability is not writable from outside', ({ assert }) => {
    const operation = ResourceOperation.Delete as any
    operation.ability = 'viewAny'
    operation['#ability'] = 'viewAny'
    assert.equal(ResourceOperation.Delete.policyAbility(), 'delete')
  })
})

test.group('ResourceOperation | from()', () => {
  test('finds every operation by its name, returning the same instance', ({ assert }) => {
    for (const operation of ResourceOperation.all()) {
      assert.strictEqual(ResourceOperation.from(operation.name), operation)
    }
    assert.strictEqual(ResourceOperation.from('edit'), ResourceOperation.Edit)
    assert.strictEqual(ResourceOperation.from('forceDeleteAny'), ResourceOperation.ForceDeleteAny)
  })

  test('looks up by operation name, not by policy ability', ({ assert }) => {
    assert.isUndefined(ResourceOperation.from('update'))
  })

  test('returns undefined for unknown, differently cased or empty names', ({ assert }) => {
    for (const name of ['', 'EDIT', 'Edit', 'viewany', 'destroy', 'store', ' edit', '__proto__']) {
      assert.isUndefined(ResourceOperation.from(name), name)
    }
  })
})
