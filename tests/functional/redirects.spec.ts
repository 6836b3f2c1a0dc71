import { test } from '@japa/runner'
import { createArticle, createPost, createUser, versionedBody, withDatabase } from '../helpers.ts'
import { Comment, withRelationFixtures } from '../relation_helpers.ts'

/**
 * Referrers and where a redirect back must go: to the page itself when it
 * is of this origin, otherwise to the fallback.
 */
function referrerCases(back: string, fallback: string): [string | null, string][] {
  const origin = `http://${process.env.HOST}:${process.env.PORT}`
  return [
    ['https://evil.test/phish', fallback],
    ['//evil.test/phish', fallback],
    ['javascript:alert(1)', fallback],
    [`http://evil.test:${process.env.PORT}${back}`, fallback],
    [`${origin}${back}`, back],
    [null, fallback],
  ]
}

/**
 * Send one request per referrer (none when null) and assert the redirect.
 */
async function assertRedirects(
  assert: any,
  cases: [string | null, string][],
  send: (index: number) => any
) {
  for (const [index, [referrer, expected]] of cases.entries()) {
    let request = send(index).redirects(0)
    if (referrer) {
      request = request.header('referer', referrer)
    }
    const response = await request
    assert.equal(response.status(), 302, String(referrer))
    assert.equal(response.header('location'), expected, String(referrer))
  }
}

test.group('Redirect policy', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('after an action, the redirect goes back only to a page of this origin', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const cases = referrerCases('/admin/articles?page=2', '/admin/articles')
    /* one article per request: the action publishes it */
    const articles = await Promise.all(cases.map(() => createArticle(owner)))
    /* each run sends the version its row was drawn with */
    const bodies = await Promise.all(
      articles.map((article) => versionedBody(`/admin/articles/${article.id}/actions/publish`))
    )
    await assertRedirects(assert, cases, (index) =>
      client
        .post(`/admin/articles/${articles[index].id}/actions/publish`)
        .json(bodies[index])
        .withCsrfToken()
        .loginAs(owner)
    )
  })

  test('after a relation mutation, the redirect goes back only to a page of this origin', async ({
    client,
    assert,
  }) => {
    const author = await createUser()
    const post = await createPost(author)
    const cases = referrerCases(`/policed/policed-posts/${post.id}/edit`, '/policed/policed-posts')
    await assertRedirects(assert, cases, (index) =>
      client
        .post(`/policed/policed-posts/${post.id}/relations/comments`)
        .form({ body: `Comment ${index}` })
        .withCsrfToken()
        .loginAs(author)
    )
    assert.lengthOf(await Comment.query().where('post_id', post.id), cases.length)
  })
})
