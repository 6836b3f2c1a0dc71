import type { HttpContext } from '@adonisjs/core/http'
import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import type { TableContract } from 'adonis-kit'
import Post from '../models/post.ts'
import Tag from '../models/tag.ts'

/*
 * Stand-ins for pages the package does not serve in this version: a view
 * page (infolist, sub-navigation, widgets) and a simple resource managed in
 * modals with a many-to-many remote select. They render the kit's page
 * components with props in the shape the renderers read, built from the
 * database, so the renderers can be used and tested before the server side
 * exists. Remove them when the package provides these pages.
 */

const tagValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(60),
  posts: vine.array(vine.number().positive().withoutDecimals()).maxLength(50).optional(),
})

function validKey(value: unknown) {
  const key = Number(value)
  return Number.isInteger(key) && key > 0 && key <= 2_147_483_647 ? key : null
}

export default class PreviewsController {
  /**
   * GET /previews/posts/:post: a view page.
   */
  async viewPost({ params, inertia, response }: HttpContext) {
    const key = validKey(params.post)
    const post = key
      ? await Post.query()
          .whereNull('deleted_at')
          .where('id', key)
          .preload('author')
          .withCount('comments')
          .withCount('tags')
          .first()
      : null
    if (!post) return response.notFound({ message: 'Post not found' })
    return inertia.render(
      'kit/view_record' as never,
      {
        resource: {
          slug: 'posts',
          label: 'Post',
          pluralLabel: 'Posts',
          urls: { index: '/admin/posts', create: '/admin/posts/create' },
        },
        page: { key: 'view', operation: 'view', title: 'View' },
        breadcrumbs: [
          { label: 'Posts', url: '/admin/posts', current: false },
          { label: post.title, url: null, current: true },
        ],
        record: { key: post.id, title: post.title },
        subNavigation: [
          { label: 'View', url: `/previews/posts/${post.id}`, active: true },
          { label: 'Edit', url: `/admin/posts/${post.id}/edit`, active: false },
        ],
        headerWidgets: [
          {
            id: 'engagement',
            type: 'stats',
            label: 'Engagement',
            stats: [
              { label: 'Comments', value: Number(post.$extras.comments_count) },
              { label: 'Tags', value: Number(post.$extras.tags_count) },
            ],
          },
        ],
        infolist: {
          columns: 2,
          entries: [
            { name: 'title', label: 'Title', type: 'text', value: post.title },
            {
              name: 'status',
              label: 'Status',
              type: 'badge',
              value: post.status,
              color:
                post.status === 'published'
                  ? 'success'
                  : post.status === 'review'
                    ? 'warning'
                    : 'gray',
            },
            { name: 'author', label: 'Author', type: 'text', value: post.author.name },
            { name: 'isFeatured', label: 'Featured', type: 'boolean', value: post.isFeatured },
            {
              name: 'publishedOn',
              label: 'Published on',
              type: 'date',
              value: post.publishedOn?.toISODate() ?? null,
            },
            { name: 'body', label: 'Body', type: 'text', value: post.body },
          ],
        },
      } as never
    )
  }

  /**
   * GET /previews/tags: a simple resource, created and edited in modals.
   */
  async tags({ request, inertia }: HttpContext) {
    const tags = await Tag.query().orderBy('name')
    const editKey = validKey(request.qs().edit)
    const editing = editKey ? tags.find((tag) => tag.id === editKey) : null
    let editForm = null
    if (editing) {
      const posts = await Post.query()
        .whereNull('deleted_at')
        .whereHas('tags', (query) => query.where('tags.id', editing.id))
        .orderBy('title')
      editForm = this.#form(
        'edit',
        `/previews/tags/${editing.id}`,
        'patch',
        {
          name: editing.name,
          posts: posts.map((post) => String(post.id)),
        },
        posts.map((post) => ({ value: String(post.id), label: post.title }))
      )
    }
    return inertia.render(
      'kit/manage_records' as never,
      {
        resource: {
          slug: 'tags',
          label: 'Tag',
          pluralLabel: 'Tags',
          urls: { index: '/previews/tags', create: null },
        },
        page: { key: 'index', operation: 'viewAny', title: 'Manage tags' },
        breadcrumbs: [{ label: 'Tags', url: null, current: true }],
        table: this.#table(tags),
        modal: {
          create: this.#form('create', '/previews/tags', 'post', { name: '', posts: [] }, []),
          edit: editForm,
        },
      } as never
    )
  }

  #form(
    operation: 'create' | 'edit',
    url: string,
    method: 'post' | 'patch',
    values: Record<string, unknown>,
    options: { value: string; label: string }[]
  ) {
    return {
      operation,
      columns: 1,
      fields: [
        {
          type: 'text',
          name: 'name',
          label: 'Name',
          required: true,
          inputType: 'text',
          maxLength: 60,
          placeholder: null,
        },
        {
          type: 'remote-select',
          name: 'posts',
          label: 'Posts',
          required: false,
          multiple: true,
          searchUrl: '/previews/search/posts',
          options,
          minSearchLength: 2,
        },
      ],
      values,
      action: { url, method },
    }
  }

  #table(tags: Tag[]): TableContract {
    return {
      columns: [
        {
          name: 'name',
          label: 'Name',
          type: 'text',
          searchable: false,
          sortable: false,
          editable: false,
        },
      ],
      filters: [],
      actions: [],
      bulkActions: [],
      rows: tags.map((tag) => ({
        key: tag.id,
        title: tag.name,
        values: { name: tag.name },
        url: null,
        actions: ['edit'],
      })),
      searchable: false,
      search: null,
      sort: null,
      pagination: { page: 1, perPage: 50, perPageOptions: [50], total: tags.length, lastPage: 1 },
      parameters: {
        search: 'search',
        sort: 'sort',
        direction: 'direction',
        page: 'page',
        perPage: 'perPage',
        filters: 'filters',
        tab: 'tab',
      },
    }
  }

  /**
   * GET /previews/search/posts?search=term: options of the remote select.
   */
  async searchPosts({ request, response }: HttpContext) {
    const term = String(request.qs().search ?? '').trim()
    if (term.length < 2 || term.length > 100) return response.ok({ options: [] })
    const escaped = term.replace(/[\\%_]/g, (character) => `\\${character}`)
    const posts = await Post.query()
      .whereNull('deleted_at')
      .whereRaw(`lower(title) like ? escape '\\'`, [`%${escaped.toLowerCase()}%`])
      .orderBy('title')
      .limit(10)
    return response.ok({
      options: posts.map((post) => ({ value: String(post.id), label: post.title })),
    })
  }

  async storeTag({ request, session, response }: HttpContext) {
    const { name, posts } = await request.validateUsing(tagValidator)
    if (await Tag.findBy('name', name)) {
      session.flash('inputErrorsBag', { name: ['A tag with this name exists.'] })
      return response.redirect().withQs().back()
    }
    const tag = await Tag.create({ name })
    await this.#sync(tag, posts ?? [])
    session.flash('success', `Tag “${tag.name}” created`)
    return response.redirect().toPath('/previews/tags')
  }

  async updateTag({ params, request, session, response }: HttpContext) {
    const key = validKey(params.tag)
    const tag = key ? await Tag.find(key) : null
    if (!tag) return response.notFound({ message: 'Tag not found' })
    const { name, posts } = await request.validateUsing(tagValidator)
    const same = await Tag.findBy('name', name)
    if (same && same.id !== tag.id) {
      session.flash('inputErrorsBag', { name: ['A tag with this name exists.'] })
      return response.redirect().withQs().back()
    }
    tag.name = name
    await tag.save()
    await this.#sync(tag, posts ?? [])
    session.flash('success', `Tag “${tag.name}” saved`)
    return response.redirect().toPath('/previews/tags')
  }

  /* only live posts can be linked */
  async #sync(tag: Tag, keys: number[]) {
    const posts = keys.length
      ? await Post.query().whereNull('deleted_at').whereIn('id', keys).select('id')
      : []
    await db.transaction(async (trx) => {
      await trx.from('post_tag').where('tag_id', tag.id).delete()
      if (posts.length) {
        await trx
          .table('post_tag')
          .multiInsert(posts.map((post) => ({ post_id: post.id, tag_id: tag.id })))
      }
    })
  }
}
