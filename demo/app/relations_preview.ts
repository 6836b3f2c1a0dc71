import type { HttpContext } from '@adonisjs/core/http'
import type { TableContract } from 'adonis-kit'
import Post from './models/post.ts'
import Tag from './models/tag.ts'

/*
 * Stand-in for the package's relation managers (not part of this version):
 * on the post edit page, the demo shares a `relations` prop in the shape the
 * renderers read (`kit.resources.relation-manager.v1`), built from the
 * post's comments and tags, with attach and detach served by
 * app/controllers/post_relations_controller.ts.
 */

const PARAMETERS = {
  search: 'search',
  sort: 'sort',
  direction: 'direction',
  page: 'page',
  perPage: 'perPage',
  filters: 'filters',
  tab: 'tab',
}

function table(
  columns: { name: string; label: string }[],
  rows: TableContract['rows'],
  prefix: string
): TableContract {
  return {
    columns: columns.map((column) => ({
      ...column,
      type: 'text' as const,
      searchable: false,
      sortable: false,
      editable: false,
    })),
    filters: [],
    actions: [],
    bulkActions: [],
    rows,
    searchable: false,
    search: null,
    sort: null,
    pagination: { page: 1, perPage: 50, perPageOptions: [50], total: rows.length, lastPage: 1 },
    parameters: Object.fromEntries(
      Object.entries(PARAMETERS).map(([key, value]) => [key, `${prefix}_${value}`])
    ) as TableContract['parameters'],
  }
}

export async function relationsPreview(ctx: HttpContext) {
  if (ctx.route?.name !== 'kit.admin.posts.edit' || !ctx.auth?.user) return null
  const key = Number(ctx.params.record)
  if (!Number.isInteger(key) || key < 1) return null
  const post = await Post.query()
    .whereNull('deleted_at')
    .where('id', key)
    .preload('comments', (query) => query.orderBy('id'))
    .preload('tags', (query) => query.orderBy('name'))
    .first()
  if (!post) return null
  const attached = new Set(post.tags.map((tag) => tag.id))
  const tags = await Tag.query().orderBy('name')
  const available = tags.filter((tag) => !attached.has(tag.id))
  const base = `/admin/posts/${post.id}/relations`

  return {
    entries: [
      {
        type: 'group',
        id: 'content',
        label: 'Related content',
        active: 'comments',
        managers: [
          {
            contract: 'kit.resources.relation-manager.v1',
            id: 'comments',
            label: 'Comments',
            relationship: 'comments',
            table: table(
              [
                { name: 'authorName', label: 'Written by' },
                { name: 'body', label: 'Comment' },
              ],
              post.comments.map((comment) => ({
                key: comment.id,
                title: `Comment by ${comment.authorName}`,
                values: { authorName: comment.authorName, body: comment.body },
                url: `/admin/comments/${comment.id}/edit`,
                actions: ['edit'],
              })),
              'comments'
            ),
            createForm: {
              operation: 'create',
              columns: 1,
              fields: [
                {
                  type: 'text',
                  name: 'authorName',
                  label: 'Written by',
                  required: true,
                  inputType: 'text',
                  maxLength: 255,
                  placeholder: null,
                },
                {
                  type: 'textarea',
                  name: 'body',
                  label: 'Comment',
                  required: true,
                  rows: 3,
                  maxLength: 5000,
                },
              ],
              values: { authorName: '', body: '' },
              action: { url: `${base}/comments`, method: 'post' },
            },
            attach: null,
            detach: null,
          },
          {
            contract: 'kit.resources.relation-manager.v1',
            id: 'tags',
            label: 'Tags',
            relationship: 'tags',
            table: table(
              [{ name: 'name', label: 'Name' }],
              post.tags.map((tag) => ({
                key: tag.id,
                title: tag.name,
                values: { name: tag.name },
                url: null,
                actions: [],
              })),
              'tags'
            ),
            createForm: null,
            attach: {
              url: `${base}/tags`,
              label: 'Attach a tag',
              searchUrl: null,
              options: available.map((tag) => ({ value: String(tag.id), label: tag.name })),
            },
            detach: { url: `${base}/tags/{record}`, label: 'Detach' },
          },
        ],
      },
    ],
  }
}
