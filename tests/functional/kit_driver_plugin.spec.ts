import { test } from '@japa/runner'
import { runner } from '@japa/runner/factories'
import type { RunnerSummary } from '@japa/runner/types'
import { KitAssertionError, kitPlugin, kit } from '../../src/testing/japa_plugin.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import TagResource from '../app/app/resources/tag_resource.ts'
import { createPost, createUser, withDatabase } from '../helpers.ts'
import { failureOf } from '../kit_failures.ts'
import { Resource } from '../../index.ts'
import { Post } from '../helpers.ts'

/**
 * Run one test in a separate Japa runner that registers the kit plugin.
 */
function runOne(
  title: string,
  callback: (context: any) => void | Promise<void>
): Promise<RunnerSummary> {
  return runner()
    .configure({
      files: [],
      plugins: [kitPlugin()],
      reporters: { activated: ['silent'], list: [{ name: 'silent', handler: () => {} }] },
    })
    .runTest(title, callback)
}

function errorsOf(summary: RunnerSummary): Error[] {
  return summary.failureTree.flatMap((suite) =>
    suite.children.flatMap((node: any) => node.errors.map((entry: any) => entry.error))
  )
}

class UnmountedPostResource extends Resource<typeof Post> {
  model = Post
}

test.group('kit() driver | Japa plugin', (group) => {
  withDatabase(group)

  test('tests/bootstrap.ts registers it: kit is on the test context', async ({
    kit: fromContext,
  }) => {
    const user = await createUser()
    const post = await createPost(user)
    await fromContext(PostResource, { user }).assertCanSeeTableRecords([post])
  })

  test('a test that fails through kit() fails with the driver message', async ({ assert }) => {
    const author = await createUser()
    const reader = await createUser()
    const draft = await createPost(author, { title: 'Draft', status: 'draft' })

    const summary = await runOne('reader sees the draft', async ({ kit: driver }: any) => {
      await driver(PostResource, { user: reader }).assertCanSeeTableRecords([draft])
    })
    assert.isTrue(summary.hasError)
    assert.deepEqual(summary.failedTestsTitles, ['reader sees the draft'])
    const [error] = errorsOf(summary)
    assert.instanceOf(error, KitAssertionError)
    assert.equal(
      error.message,
      `kit(PostResource).assertCanSeeTableRecords(1 record): expected to see Post #${draft.id} "Draft", but the table (page 1 of 1) shows no records`
    )

    const passing = await runOne('author sees the draft', async ({ kit: driver }: any) => {
      await driver(PostResource, { user: author }).assertCanSeeTableRecords([draft])
    })
    assert.isFalse(passing.hasError)
    assert.equal(passing.aggregates.passed, 1)
  })

  test('assert.rejects() reads a failing chain', async ({ assert, kit: driver }) => {
    const reader = await createUser()
    const author = await createUser()
    const post = await createPost(author, { status: 'published' })
    await assert.rejects(
      () => driver(PostResource, { user: reader }).forEdit(post),
      KitAssertionError,
      /was denied for user #/
    )
  })

  test('steps queued but never awaited fail the test', async ({ assert }) => {
    const user = await createUser()
    const summary = await runOne('forgot await', async ({ kit: driver }: any) => {
      driver(PostResource, { user }).assertTableColumnExists('nope')
    })
    assert.isTrue(summary.hasError)
    const [error] = errorsOf(summary)
    assert.equal(
      error.message,
      'kit(PostResource): steps were queued but never awaited, so they did not run; await the chain'
    )
  })

  test('resources that are not mounted are refused with the reason', async ({ assert }) => {
    const user = await createUser()
    assert.match(
      await failureOf(kit(UnmountedPostResource, { user }).assertTableColumnExists('title')),
      /^kit\(UnmountedPostResource\): UnmountedPostResource is not mounted; mounted resources: PostResource at \/admin\/posts, .*TagResource at \/manage\/tags/
    )
    /* a resource mounted through the route facade is found too, and panels are told apart */
    await kit(TagResource, { user }).assertTableColumnExists('slug')
    await kit(PostResource, { user, panel: 'admin' }).assertTableColumnExists('title')
    assert.include(
      await failureOf(kit(TagResource, { user, panel: 'admin' }).assertTableColumnExists('slug')),
      'kit(TagResource): TagResource is not mounted on panel "admin"; mounted resources: '
    )
  })
})
