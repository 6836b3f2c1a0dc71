import { test } from '@japa/runner'
import { createArticle, createUser, withDatabase } from '../helpers.ts'

test.group('Redirect policy', (group) => {
  withDatabase(group)

  test('after an action, the redirect goes back only to a page of this origin', async ({
    client,
    assert,
  }) => {
    const owner = await createUser()
    const origin = `http://${process.env.HOST}:${process.env.PORT}`
    const cases: [string | null, string][] = [
      ['https://evil.test/phish', '/admin/articles'],
      ['//evil.test/phish', '/admin/articles'],
      ['javascript:alert(1)', '/admin/articles'],
      [`http://evil.test:${process.env.PORT}/admin/articles`, '/admin/articles'],
      [`${origin}/admin/articles?page=2`, '/admin/articles?page=2'],
      [null, '/admin/articles'],
    ]
    for (const [referrer, expected] of cases) {
      const article = await createArticle(owner)
      let request = client
        .post(`/admin/articles/${article.id}/actions/publish`)
        .json({})
        .withCsrfToken()
        .loginAs(owner)
        .redirects(0)
      if (referrer) {
        request = request.header('referer', referrer)
      }
      const response = await request
      assert.equal(response.status(), 302, String(referrer))
      assert.equal(response.header('location'), expected, String(referrer))
    }
  })
})
