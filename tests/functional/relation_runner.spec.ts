import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Resource } from '../../src/definitions/resource/resource.ts'
import { ResourceMount } from '../../src/runtime/mounts/resource_mount.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import { RelationManager } from '../../src/definitions/relations/relation_manager.ts'
import { dissociateRelated } from '../../src/runtime/relations/relation_runner.ts'
import { serializeRelations } from '../../src/runtime/relations/relation_serializer.ts'
import type PostResource from '../app/app/resources/post_resource.ts'
import { Post, createPost, createUser, withDatabase } from '../helpers.ts'
import PostRules from '../app/app/rules/post_rules.ts'
import {
  Revision,
  createComment,
  createRevision,
  grant,
  relationSnapshot,
  withRelationFixtures,
} from '../relation_helpers.ts'
import { mountOf } from '../../src/runtime/mounts/mount_registry.ts'

test.group('Relation managers | runner and serializer', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('a foreign key declared nullable but NOT NULL in the schema is refused before any write', async ({
    assert,
  }) => {
    class WronglyDeclared extends RelationManager<typeof Post> {
      relationship = 'revisions'
      recordTitleAttribute = 'note'
      dissociates = true
      foreignKeyNullable = true
      async canAccess() {
        return true
      }
    }
    class Posts extends Resource<typeof Post> {
      model = Post
      async canAccess() {
        return true
      }
      validation() {
        return PostRules
      }
      getRelations() {
        return [WronglyDeclared]
      }
    }
    const mount = new ResourceMount(new Posts(), {
      panelId: null,
      prefix: '/unmounted',
      name: 'unmounted',
      middleware: [],
      mutationMiddleware: [],
      resolveUser: () => null,
    })
    const user = await createUser({ isAdmin: true })
    const post = await createPost(user)
    const revision = await createRevision(post)
    const before = await relationSnapshot()

    const relation = mount.relations.byName.get('revisions')!
    await assert.rejects(
      () => dissociateRelated(relation, { user }, String(post.id), String(revision.id)),
      /dissociates is enabled but revisions\.post_id is not a nullable column in the database/
    )
    try {
      await dissociateRelated(relation, { user }, String(post.id), String(revision.id))
    } catch (error) {
      assert.instanceOf(error, KitConfigurationException)
    }
    assert.deepEqual(await relationSnapshot(), before)
    const unchanged = await Revision.findOrFail(revision.id)
    assert.equal(unchanged.postId, post.id)
  })

  test('serializeRelations with readOnly (view pages) keeps filters and drops mutations', async ({
    assert,
  }) => {
    const kit = await app.container.make('kit')
    const { default: PostResourceClass } = await import('../app/app/resources/post_resource.ts')
    const resource = kit.resource(PostResourceClass) as PostResource
    const admin = await createUser({ isAdmin: true })
    grant(admin, 'comments.*', 'labels.*', 'summary.*', 'revisions.*')
    const post = await createPost(admin)
    await createComment(post, { deletedAt: DateTime.now() })
    await createComment(post)

    const relations = await serializeRelations(
      mountOf(resource)!,
      post,
      { user: admin },
      {
        readOnly: true,
      }
    )
    const managers = relations.flatMap((entry) =>
      entry.type === 'group' ? entry.managers : [entry]
    )
    assert.deepEqual(
      managers.map((manager) => manager.name),
      ['summary', 'comments', 'labels', 'revisions']
    )
    for (const manager of managers) {
      assert.isTrue(manager.readOnly)
      assert.isNull(manager.form)
      assert.isNull(manager.attach)
      assert.isNull(manager.associate)
      assert.deepEqual(manager.table.actions, [])
      assert.deepEqual(manager.table.bulkActions, [])
      assert.isTrue(manager.table.rows.every((row) => row.actions.length === 0))
    }
    const comments = managers.find((manager) => manager.name === 'comments')!
    assert.deepEqual(
      comments.table.filters.map((filter) => filter.name),
      ['trashed']
    )

    const editable = await serializeRelations(mountOf(resource)!, post, { user: admin })
    const labels = (editable[1] as any).managers[1]
    assert.isFalse(labels.readOnly)
    assert.isNotNull(labels.attach)
  })
})
