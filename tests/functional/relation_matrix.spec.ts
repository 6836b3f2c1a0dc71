import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import {
  AuditLog,
  Post,
  createPost,
  createUser,
  snapshot,
  versionedBody,
  withDatabase,
} from '../helpers.ts'
import type { User } from '../helpers.ts'
import {
  Comment,
  Label,
  PostSummary,
  Revision,
  attachLabel,
  createComment,
  createLabel,
  createRevision,
  createSummary,
  grant,
  pivotRows,
  relationSnapshot,
  withRelationFixtures,
} from '../relation_helpers.ts'

type Method = 'post' | 'patch' | 'delete'

/**
 * One cell of the matrix: an operation on a relation kind. `arrange` creates
 * what the operation needs and returns the request and the check of the
 * rows after an allowed request.
 */
interface Cell {
  relation: 'summary' | 'comments' | 'revisions' | 'labels'
  kind: 'hasOne' | 'hasMany' | 'manyToMany'
  operation: string
  arrange: (post: Post) => Promise<{
    method: Method
    path: string
    body?: Record<string, unknown>
    status: number
    verify: (assert: any) => Promise<void>
  }>
}

const cells: Cell[] = [
  /* has-one */
  {
    relation: 'summary',
    kind: 'hasOne',
    operation: 'create',
    arrange: async (post) => ({
      method: 'post',
      path: '',
      body: { text: 'Fresh summary', postId: 999 },
      status: 201,
      verify: async (assert) => {
        const rows = await PostSummary.query().where('post_id', post.id)
        assert.deepEqual(
          rows.map((row) => row.text),
          ['Fresh summary']
        )
      },
    }),
  },
  {
    relation: 'summary',
    kind: 'hasOne',
    operation: 'edit',
    arrange: async (post) => {
      const summary = await createSummary(post)
      return {
        method: 'patch',
        path: `/${summary.id}`,
        body: { text: 'Changed summary' },
        status: 200,
        verify: async (assert) => {
          await summary.refresh()
          assert.equal(summary.text, 'Changed summary')
          assert.equal(summary.postId, post.id)
        },
      }
    },
  },
  {
    relation: 'summary',
    kind: 'hasOne',
    operation: 'delete',
    arrange: async (post) => {
      const summary = await createSummary(post)
      return {
        method: 'delete',
        path: `/${summary.id}`,
        status: 200,
        verify: async (assert) => {
          assert.isNull(await PostSummary.find(summary.id))
        },
      }
    },
  },
  /* has-many, nullable foreign key, soft deletes */
  {
    relation: 'comments',
    kind: 'hasMany',
    operation: 'create',
    arrange: async (post) => {
      const other = await createPost(await createUser())
      return {
        method: 'post',
        path: '',
        body: { body: 'New comment', postId: other.id, id: 4242 },
        status: 201,
        verify: async (assert) => {
          const rows = await Comment.query().where('body', 'New comment')
          assert.lengthOf(rows, 1)
          assert.equal(rows[0].postId, post.id)
          assert.notEqual(rows[0].id, 4242)
        },
      }
    },
  },
  {
    relation: 'comments',
    kind: 'hasMany',
    operation: 'edit',
    arrange: async (post) => {
      const comment = await createComment(post)
      return {
        method: 'patch',
        path: `/${comment.id}`,
        body: { body: 'Edited comment' },
        status: 200,
        verify: async (assert) => {
          await comment.refresh()
          assert.equal(comment.body, 'Edited comment')
        },
      }
    },
  },
  {
    relation: 'comments',
    kind: 'hasMany',
    operation: 'delete',
    arrange: async (post) => {
      const comment = await createComment(post)
      return {
        method: 'delete',
        path: `/${comment.id}`,
        status: 200,
        verify: async (assert) => {
          await comment.refresh()
          assert.isTrue(DateTime.isDateTime(comment.deletedAt))
        },
      }
    },
  },
  {
    relation: 'comments',
    kind: 'hasMany',
    operation: 'restore',
    arrange: async (post) => {
      const comment = await createComment(post, { deletedAt: DateTime.now() })
      return {
        method: 'post',
        path: `/${comment.id}/restore`,
        status: 200,
        verify: async (assert) => {
          await comment.refresh()
          assert.isNull(comment.deletedAt)
          const logs = await AuditLog.query().where('event', 'commentRestored')
          assert.deepEqual(
            logs.map((log) => log.subject),
            [`${post.id}:${comment.body}`]
          )
        },
      }
    },
  },
  {
    relation: 'comments',
    kind: 'hasMany',
    operation: 'forceDelete',
    arrange: async (post) => {
      const comment = await createComment(post, { deletedAt: DateTime.now() })
      return {
        method: 'delete',
        path: `/${comment.id}/force-delete`,
        status: 200,
        verify: async (assert) => {
          assert.isNull(await Comment.find(comment.id))
          assert.lengthOf(await AuditLog.query().where('event', 'commentForceDeleted'), 1)
        },
      }
    },
  },
  {
    relation: 'comments',
    kind: 'hasMany',
    operation: 'associate',
    arrange: async (post) => {
      const comment = await createComment(null)
      return {
        method: 'post',
        path: '/associate',
        body: { record: comment.id },
        status: 200,
        verify: async (assert) => {
          await comment.refresh()
          assert.equal(comment.postId, post.id)
        },
      }
    },
  },
  {
    relation: 'comments',
    kind: 'hasMany',
    operation: 'dissociate',
    arrange: async (post) => {
      const comment = await createComment(post)
      return {
        method: 'post',
        path: `/${comment.id}/dissociate`,
        status: 200,
        verify: async (assert) => {
          await comment.refresh()
          assert.isNull(comment.postId)
          assert.isNull(comment.deletedAt)
        },
      }
    },
  },
  /* has-many, non-nullable foreign key */
  {
    relation: 'revisions',
    kind: 'hasMany',
    operation: 'create',
    arrange: async (post) => ({
      method: 'post',
      path: '',
      body: { note: 'First draft' },
      status: 201,
      verify: async (assert) => {
        const rows = await Revision.query().where('post_id', post.id)
        assert.deepEqual(
          rows.map((row) => row.note),
          ['First draft']
        )
      },
    }),
  },
  {
    relation: 'revisions',
    kind: 'hasMany',
    operation: 'edit',
    arrange: async (post) => {
      const revision = await createRevision(post)
      return {
        method: 'patch',
        path: `/${revision.id}`,
        body: { note: 'Second draft', postId: 12345 },
        status: 200,
        verify: async (assert) => {
          await revision.refresh()
          assert.equal(revision.note, 'Second draft')
          assert.equal(revision.postId, post.id)
        },
      }
    },
  },
  {
    relation: 'revisions',
    kind: 'hasMany',
    operation: 'associate',
    arrange: async (post) => {
      /* associate moves a record from another owner */
      const elsewhere = await createPost(await createUser())
      const revision = await createRevision(elsewhere)
      return {
        method: 'post',
        path: '/associate',
        body: { record: String(revision.id) },
        status: 200,
        verify: async (assert) => {
          await revision.refresh()
          assert.equal(revision.postId, post.id)
        },
      }
    },
  },
  /* many-to-many with pivot columns */
  {
    relation: 'labels',
    kind: 'manyToMany',
    operation: 'create',
    arrange: async (post) => ({
      method: 'post',
      path: '',
      body: { name: 'Fresh label', role: 'lead', position: 9, note: 'undeclared' },
      status: 201,
      verify: async (assert) => {
        const label = await Label.findByOrFail('name', 'Fresh label')
        assert.deepEqual(await pivotRows(), [
          { post_id: post.id, label_id: label.id, role: 'lead', position: 0, note: null },
        ])
      },
    }),
  },
  {
    relation: 'labels',
    kind: 'manyToMany',
    operation: 'edit',
    arrange: async (post) => {
      const label = await createLabel()
      await attachLabel(post, label, { role: 'old', position: 2, note: 'kept' })
      return {
        method: 'patch',
        path: `/${label.id}`,
        body: { name: 'Renamed label', role: 'new', position: 7, note: 'forged' },
        status: 200,
        verify: async (assert) => {
          await label.refresh()
          assert.equal(label.name, 'Renamed label')
          assert.deepEqual(await pivotRows(), [
            { post_id: post.id, label_id: label.id, role: 'new', position: 2, note: 'kept' },
          ])
        },
      }
    },
  },
  {
    relation: 'labels',
    kind: 'manyToMany',
    operation: 'delete',
    arrange: async (post) => {
      const label = await createLabel()
      await attachLabel(post, label)
      return {
        method: 'delete',
        path: `/${label.id}`,
        status: 200,
        verify: async (assert) => {
          assert.isNull(await Label.find(label.id))
          assert.deepEqual(await pivotRows(), [])
        },
      }
    },
  },
  {
    relation: 'labels',
    kind: 'manyToMany',
    operation: 'attach',
    arrange: async (post) => {
      const kept = await createLabel()
      await attachLabel(post, kept, { role: 'first', position: 1 })
      const label = await createLabel()
      return {
        method: 'post',
        path: '/attach',
        body: { record: label.id, role: 'second', position: '5', note: 'undeclared', post_id: 77 },
        status: 200,
        verify: async (assert) => {
          /* attach adds one pivot row and never detaches the others */
          assert.deepEqual(await pivotRows(), [
            { post_id: post.id, label_id: kept.id, role: 'first', position: 1, note: null },
            { post_id: post.id, label_id: label.id, role: 'second', position: 5, note: null },
          ])
        },
      }
    },
  },
  {
    relation: 'labels',
    kind: 'manyToMany',
    operation: 'detach',
    arrange: async (post) => {
      const label = await createLabel()
      const other = await createLabel()
      await attachLabel(post, label)
      await attachLabel(post, other)
      return {
        method: 'post',
        path: `/${label.id}/detach`,
        status: 200,
        verify: async (assert) => {
          assert.isNotNull(await Label.find(label.id))
          const rows = await pivotRows()
          assert.deepEqual(
            rows.map((row: any) => row.label_id),
            [other.id]
          )
        },
      }
    },
  },
]

async function send(
  client: any,
  post: Post,
  cell: Cell,
  request: { method: Method; path: string; body?: any },
  user: User
) {
  const url = `/admin/posts/${post.id}/relations/${cell.relation}${request.path}`
  const builder = client[request.method](url)
  /* an update carries the related record's version, as its edit form does */
  if (request.body) {
    builder.json(request.method === 'patch' ? await versionedBody(url, request.body) : request.body)
  }
  return builder.withCsrfToken().accept('json').loginAs(user)
}

test.group('Relation managers | operation x relation kind x authorization', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  for (const cell of cells) {
    test(`${cell.kind} ${cell.relation}: ${cell.operation} allowed`, async ({ client, assert }) => {
      const author = await createUser()
      const post = await createPost(author, { status: 'published' })
      const request = await cell.arrange(post)
      grant(author, `${cell.relation}.${cell.operation}`)

      const response = await send(client, post, cell, request, author)
      response.assertStatus(request.status)
      await request.verify(assert)
    })

    test(`${cell.kind} ${cell.relation}: ${cell.operation} denied by the relation`, async ({
      client,
      assert,
    }) => {
      const author = await createUser()
      const post = await createPost(author, { status: 'published' })
      const request = await cell.arrange(post)
      /* every other operation of every relation, but not this one */
      for (const other of cells) {
        if (other.relation !== cell.relation || other.operation !== cell.operation) {
          grant(author, `${other.relation}.${other.operation}`)
        }
      }
      grant(author, `${cell.relation}.viewAny`)
      const before = await relationSnapshot()
      const posts = await snapshot(Post)

      const response = await send(client, post, cell, request, author)
      response.assertStatus(403)
      assert.deepEqual(await relationSnapshot(), before)
      assert.deepEqual(await snapshot(Post), posts)
    })

    test(`${cell.kind} ${cell.relation}: ${cell.operation} denied to a user who may only view the owner`, async ({
      client,
      assert,
    }) => {
      const author = await createUser()
      const viewer = await createUser()
      const post = await createPost(author, { status: 'published' })
      const request = await cell.arrange(post)
      grant(viewer, `${cell.relation}.*`)
      const before = await relationSnapshot()

      const response = await send(client, post, cell, request, viewer)
      response.assertStatus(403)
      assert.deepEqual(await relationSnapshot(), before)
    })
  }

  /* operations that do not apply to a relation kind do not exist there */
  const notApplicable: [Cell['relation'], Method, string][] = [
    ['summary', 'post', '/attach'],
    ['comments', 'post', '/attach'],
    ['labels', 'post', '/associate'],
    ['summary', 'post', '/associate'],
    ['summary', 'post', '/{related}/detach'],
    ['comments', 'post', '/{related}/detach'],
    ['labels', 'post', '/{related}/dissociate'],
    ['revisions', 'post', '/{related}/dissociate'],
    ['labels', 'post', '/{related}/restore'],
    ['summary', 'delete', '/{related}/force-delete'],
    ['revisions', 'post', '/{related}/restore'],
  ]
  for (const [relation, method, path] of notApplicable) {
    test(`${relation}: ${method.toUpperCase()} ${path} does not exist for its kind`, async ({
      client,
      assert,
    }) => {
      const admin = await createUser({ isAdmin: true })
      const post = await createPost(admin)
      grant(admin, `${relation}.*`)
      const summary = await createSummary(post)
      const comment = await createComment(post)
      const revision = await createRevision(post)
      const label = await createLabel()
      await attachLabel(post, label)
      const ids = {
        summary: summary.id,
        comments: comment.id,
        revisions: revision.id,
        labels: label.id,
      }
      const before = await relationSnapshot()

      const response = await client[method](
        `/admin/posts/${post.id}/relations/${relation}${path.replace('{related}', String(ids[relation]))}`
      )
        .json({ record: comment.id })
        .withCsrfToken()
        .accept('json')
        .loginAs(admin)
      response.assertStatus(404)
      assert.deepEqual(await relationSnapshot(), before)
    })
  }

  test('authorization runs before validation: a denied write with invalid input gets 403', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const viewer = await createUser()
    const post = await createPost(author, { status: 'published' })
    grant(viewer, 'labels.*')
    const before = await relationSnapshot()
    const response = await client
      .post(`/admin/posts/${post.id}/relations/labels`)
      .json({ name: '' })
      .withCsrfToken()
      .accept('json')
      .loginAs(viewer)
    response.assertStatus(403)
    const denied = await client
      .post(`/admin/posts/${post.id}/relations/labels`)
      .json({ name: '' })
      .withCsrfToken()
      .accept('json')
      .loginAs(author)
    denied.assertStatus(403)
    assert.deepEqual(await relationSnapshot(), before)
    void db
  })
})
