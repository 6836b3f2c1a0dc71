import type { HttpContext } from '@adonisjs/core/http'
import Item from '../models/item.ts'
import { CONTAINS } from './hand_search_sql.ts'
import Author from '../models/author.ts'
import BenchUser from '../models/bench_user.ts'
import ItemPolicy from '../policies/item_policy.ts'
import AuthorPolicy from '../policies/author_policy.ts'

const itemPolicy = new ItemPolicy()
const authorPolicy = new AuthorPolicy()
const LIMIT = 5

/**
 * The hand-written alternative to the kit's global search: the same three
 * LIKE queries (five results each, in key order), the same policy checks,
 * the same JSON.
 */
export default class HandSearchController {
  async index(ctx: HttpContext) {
    const user = (ctx as any).benchUser as BenchUser
    let term = typeof ctx.request.qs().q === 'string' ? ctx.request.qs().q : ''
    term = term.replaceAll('\0', '').trim().slice(0, 255)
    if ([...term].length < 2) {
      return ctx.response.ok({ term, groups: [] })
    }
    const pattern = `%${term.toLowerCase().replace(/[!%_]/g, (c: string) => `!${c}`)}%`
    const LIKE = CONTAINS()
    const groups = []

    if (itemPolicy.viewAny()) {
      const items = await Item.query()
        .whereNull(`${Item.table}.deleted_at`)
        .where((group) => group.orWhereRaw(LIKE, [`${Item.table}.title`, pattern]))
        .orderBy(`${Item.table}.id`, 'asc')
        .limit(LIMIT)
      const results = items
        .filter((item) => itemPolicy.update(user, item))
        .map((item) => ({ key: item.id, title: item.title, url: `/admin/items/${item.id}/edit` }))
      if (results.length) groups.push({ resource: 'items', label: 'Items', results })
    }
    if (authorPolicy.viewAny()) {
      const authors = await Author.query()
        .where((group) => group.orWhereRaw(LIKE, [`${Author.table}.name`, pattern]))
        .orderBy(`${Author.table}.id`, 'asc')
        .limit(LIMIT)
      const results = authors
        .filter(() => authorPolicy.update(user))
        .map((author) => ({
          key: author.id,
          title: author.name,
          url: `/admin/authors/${author.id}/edit`,
        }))
      if (results.length) groups.push({ resource: 'authors', label: 'Authors', results })
    }
    if (authorPolicy.viewAny()) {
      const users = await BenchUser.query()
        .where((group) => group.orWhereRaw(LIKE, [`${BenchUser.table}.email`, pattern]))
        .orderBy(`${BenchUser.table}.id`, 'asc')
        .limit(LIMIT)
      const results = users
        .filter(() => authorPolicy.update(user))
        .map((found) => ({
          key: found.id,
          title: found.email,
          url: `/admin/users/${found.id}/edit`,
        }))
      if (results.length) groups.push({ resource: 'users', label: 'Users', results })
    }
    return ctx.response.ok({ term, groups })
  }
}
