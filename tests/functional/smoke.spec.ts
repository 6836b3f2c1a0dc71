import { test } from '@japa/runner'
import { createUser, createPost, withDatabase } from '../helpers.ts'

test.group('smoke', (group) => {
  withDatabase(group)

  test('list page renders', async ({ client }) => {
    const user = await createUser()
    await createPost(user, { title: 'Hello world' })
    const response = await client.get('/admin/posts').withInertia().loginAs(user)
    console.log(response.status(), JSON.stringify(response.body()).slice(0, 2000))
    response.assertStatus(200)
  })
})
