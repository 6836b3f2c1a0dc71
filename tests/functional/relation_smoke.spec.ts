import { test } from '@japa/runner'
import { createPost, createUser, withDatabase } from '../helpers.ts'
import {
  attachLabel,
  createComment,
  createLabel,
  createSummary,
  grant,
  withRelationFixtures,
} from '../relation_helpers.ts'

test.group('smoke', (group) => {
  withDatabase(group)
  withRelationFixtures(group)

  test('edit page relations', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const post = await createPost(admin)
    grant(admin, 'summary.*', 'comments.*', 'labels.*', 'revisions.*')
    await createSummary(post)
    await createComment(post)
    const label = await createLabel()
    await attachLabel(post, label, { role: 'main', position: 3 })
    const page = await client.get(`/admin/posts/${post.id}/edit`).withInertia().loginAs(admin)
    if (page.status() !== 200) console.log(page.text().match(/<title>[\s\S]*?<\/title>|class="error-message"[\s\S]{0,600}/g))
    page.assertStatus(200)
    console.log(JSON.stringify(page.inertiaProps.relations[1].managers[1].table.rows), JSON.stringify(page.inertiaProps.relations[1].managers[1].attach))
    assert.isArray(page.inertiaProps.relations)
  })
})
