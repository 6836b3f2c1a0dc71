import { test } from '@japa/runner'
import { GlobalSearch } from '../../index.ts'
import { createArticle, createPost, createUser, withDatabase } from '../helpers.ts'
import { countQueries, createContact, createProject } from '../page_helpers.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import ProjectResource from '../app/app/resources/project_resource.ts'
import ArticleResource from '../app/app/resources/article_resource.ts'
import NoteResource from '../app/app/resources/note_resource.ts'
import Note from '../app/app/models/note.ts'
import Tag from '../app/app/models/tag.ts'
import TagResource from '../app/app/resources/tag_resource.ts'

function search(client: any, user: any, term: string) {
  return client.get('/admin/search').qs({ q: term }).accept('json').loginAs(user)
}

function titles(body: any) {
  return Object.fromEntries(
    body.groups.map((group: any) => [group.resource, group.results.map((r: any) => r.title)])
  )
}

test.group('Global search', (group) => {
  withDatabase(group)

  test('across three resources (one excluded): only records the user could open', async ({
    assert,
  }) => {
    const user = await createUser()
    const other = await createUser()

    /* posts: no view page, so only posts the user may edit are results */
    const ownDraft = await createPost(user, { title: 'Zebra own draft', status: 'draft' })
    await createPost(other, { title: 'Zebra published by other', status: 'published' })
    await createPost(other, { title: 'Zebra hidden draft', status: 'draft' })
    /* projects: own ones link to edit, public ones of others to view */
    const ownProject = await createProject(user, { name: 'Zebra own project' })
    const publicProject = await createProject(other, {
      name: 'Zebra public project',
      visibility: 'public',
    })
    await createProject(other, { name: 'Zebra private project', visibility: 'private' })
    /* articles declare no searchable attribute: excluded */
    await createArticle(user, { title: 'Zebra article' })

    const { result, count } = await countQueries(() =>
      GlobalSearch.across([PostResource, ProjectResource, ArticleResource]).search('zebra', user, {
        prefix: '/admin',
      })
    )
    assert.deepEqual(result, {
      term: 'zebra',
      groups: [
        {
          resource: 'posts',
          label: 'Posts',
          results: [
            { key: ownDraft.id, title: 'Zebra own draft', url: `/admin/posts/${ownDraft.id}/edit` },
          ],
        },
        {
          resource: 'projects',
          label: 'Projects',
          results: [
            {
              key: ownProject.id,
              title: 'Zebra own project',
              url: `/admin/projects/${ownProject.id}/edit`,
            },
            {
              key: publicProject.id,
              title: 'Zebra public project',
              url: `/admin/projects/${publicProject.id}`,
            },
          ],
        },
      ],
    })
    /* one query per searched resource; none for the excluded one */
    assert.equal(count, 2)
  })

  test('a resource the user may not list gives nothing, without a query', async ({ assert }) => {
    const user = await createUser()
    await Note.create({ content: 'zebra note' })
    const { result, count } = await countQueries(() =>
      GlobalSearch.across([NoteResource]).search('zebra', user, { prefix: '/admin' })
    )
    assert.deepEqual(result.groups, [])
    assert.equal(count, 0)
  })

  test('terms under two characters return nothing without touching the database', async ({
    assert,
  }) => {
    const user = await createUser()
    await createProject(user, { name: 'a' })
    for (const term of ['', 'a', ' a ', '\u0000a', 'é', '😀', null, undefined, 42, ['ab']]) {
      const { result, count } = await countQueries(() =>
        GlobalSearch.across([PostResource, ProjectResource]).search(term, user, {
          prefix: '/admin',
        })
      )
      if (Array.isArray(term)) {
        /* an array is read as its first string, like query strings */
        assert.equal(result.term, 'ab')
        continue
      }
      assert.deepEqual(result.groups, [], String(term))
      assert.equal(count, 0, String(term))
    }
  })

  test('the panel answers it as JSON on GET <prefix>/search', async ({ client, assert }) => {
    const user = await createUser()
    const project = await createProject(user, { name: 'Quokka' })
    await createContact(user, { name: 'Quokka keeper' })

    const response = await search(client, user, 'quokka')
    response.assertStatus(200)
    assert.deepEqual(response.body(), {
      term: 'quokka',
      groups: [
        {
          resource: 'projects',
          label: 'Projects',
          results: [
            { key: project.id, title: 'Quokka', url: `/admin/projects/${project.id}/edit` },
          ],
        },
        {
          resource: 'contacts',
          label: 'Contacts',
          results: [
            {
              key: response.body().groups[1].results[0].key,
              title: 'Quokka keeper',
              url: `/admin/contacts?edit=${response.body().groups[1].results[0].key}`,
            },
          ],
        },
      ],
    })

    /* a short term: an empty answer */
    const short = await search(client, user, ' q ')
    short.assertStatus(200)
    assert.deepEqual(short.body(), { term: 'q', groups: [] })
    const missing = await client.get('/admin/search').accept('json').loginAs(user)
    assert.deepEqual(missing.body(), { term: '', groups: [] })

    /* the panel's auth middleware applies */
    const guest = await client.get('/admin/search').qs({ q: 'quokka' }).accept('json')
    guest.assertStatus(401)
  })

  test('wildcards and the escape character match literally', async ({ client, assert }) => {
    const user = await createUser()
    await createProject(user, { name: '100% done' })
    await createProject(user, { name: '1000 done' })
    await createProject(user, { name: 'a_b' })
    await createProject(user, { name: 'axb' })
    await createProject(user, { name: 'back\\slash' })
    await createProject(user, { name: 'bang!s' })

    const cases: [string, string[]][] = [
      ['0%', ['100% done']],
      ['%%', []],
      ['a_', ['a_b']],
      ['__', []],
      ['k\\s', ['back\\slash']],
      ['\\\\', []],
      ['g!s', ['bang!s']],
      ['!%', []],
    ]
    for (const [term, expected] of cases) {
      const response = await search(client, user, term)
      response.assertStatus(200)
      assert.deepEqual(titles(response.body()).projects ?? [], expected, term)
    }
  })

  test('very long and unicode terms get a correct answer', async ({ client, assert }) => {
    const user = await createUser()
    await createProject(user, { name: 'café crème' })
    await createProject(user, { name: '東京 office' })
    await createProject(user, { name: 'rocket 🚀 launch' })

    const long = await search(client, user, 'x'.repeat(5000))
    long.assertStatus(200)
    assert.deepEqual(long.body().groups, [])
    assert.lengthOf(long.body().term, 255)

    const cases: [string, string][] = [
      ['café', 'café crème'],
      ['東京', '東京 office'],
      ['🚀 l', 'rocket 🚀 launch'],
    ]
    for (const [term, title] of cases) {
      const response = await search(client, user, term)
      assert.deepEqual(titles(response.body()).projects, [title], term)
    }
  })

  test('results are bounded per resource', async ({ assert }) => {
    const user = await createUser()
    for (let index = 0; index < 8; index++) {
      await createProject(user, { name: `Bounded ${index}` })
    }
    const result = await GlobalSearch.across([ProjectResource]).search('bounded', user, {
      prefix: '/admin',
    })
    assert.lengthOf(result.groups[0].results, 5)
    const more = await GlobalSearch.across([ProjectResource]).search('bounded', user, {
      prefix: '/admin',
      limit: 7,
    })
    assert.lengthOf(more.groups[0].results, 7)
  })

  test('nothing leaks across scopes, and hidden attributes are never searched', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const other = await createUser()
    await createProject(other, { name: 'Secret plan', visibility: 'private' })
    await createProject(user, { name: 'Mine', secretToken: 'needle-in-token' })

    const stranger = await search(client, user, 'secret plan')
    assert.deepEqual(stranger.body().groups, [])
    const hidden = await search(client, user, 'needle')
    assert.deepEqual(hidden.body().groups, [])
    /* the owner finds their own */
    const owner = await search(client, other, 'secret plan')
    assert.deepEqual(titles(owner.body()).projects, ['Secret plan'])
  })

  test('relationship attributes are searched through the scope', async ({ client, assert }) => {
    const user = await createUser({ fullName: 'Ada Lovelace' })
    await createPost(user, { title: 'Engines', status: 'draft' })
    const other = await createUser({ fullName: 'Ada Other' })
    await createPost(other, { title: 'Hidden', status: 'draft' })

    const response = await search(client, user, 'ada')
    assert.deepEqual(titles(response.body()).posts, ['Engines'])
  })

  test('resources mounted through the facade, searched by their title attribute by default', async ({
    assert,
  }) => {
    const user = await createUser()
    const admin = await createUser({ isAdmin: true })
    const tag = await Tag.create({ name: 'Not searched', slug: 'kit-slug' })
    await Tag.create({ name: 'kit-name', slug: 'other' })

    /* users may list tags but edit none, and tags have no view page: nothing to open */
    const forUser = await GlobalSearch.across([TagResource]).search('kit', user, {
      prefix: '/manage',
    })
    assert.deepEqual(forUser.groups, [])

    const forAdmin = await GlobalSearch.across([TagResource]).search('kit', admin, {
      prefix: '/manage',
    })
    assert.deepEqual(forAdmin.groups, [
      {
        resource: 'tags',
        label: 'Tags',
        results: [{ key: tag.id, title: 'kit-slug', url: `/manage/tags/${tag.id}/edit` }],
      },
    ])

    await assert.rejects(
      () => GlobalSearch.across([TagResource]).search('kit', admin, { prefix: '/admin' }),
      /TagResource is not mounted under \/admin/
    )
  })
})
