/*
 * The comparison server of `npm run bench`: AdminJS 7 (@adminjs/express,
 * @adminjs/sql) over the benchmark's PostgreSQL tables, in its own process
 * with its own dependencies (bench/adminjs/package.json; bench/run.ts
 * installs them on first use). Only its list API is measured:
 *
 *   GET /admin/api/resources/<items table>/actions/list?page=&perPage=&sortBy=&direction=&filters.title=&filters.status=
 *
 * What is configured, so that it answers the same rows as the kit's list:
 * - the item table of BENCH_ROWS rows and the author table;
 * - `author_id` is a reference to the authors (the benchmark tables have no
 *   foreign-key constraint to introspect), so the list populates each row's
 *   author as the kit preloads `author.name`;
 * - `status` has its three values (`availableValues`), so a status filter is
 *   an equality, as the kit's select filter; `title` is a string, so
 *   `filters.title` is an `ILIKE '%term%'`, as the kit's search;
 * - trashed rows (deleted_at set) are left out, as the kit's soft-delete
 *   scope does: the item resource's queries add `deleted_at IS NULL`;
 * - no frontend bundle (ADMIN_JS_SKIP_BUNDLE), no session: the same trusted
 *   `x-bench-user` header as the kit's and the hand-written side's
 *   benchmark middleware (401 without it), checked by a small middleware.
 *
 * Environment: PORT, BENCH_ROWS, PG_HOST, PG_PORT, PG_USER, PG_PASSWORD,
 * PG_DATABASE (as the kit's bench server).
 */

import express from 'express'
import AdminJS from 'adminjs'
import AdminJSExpress from '@adminjs/express'
import { Adapter, Database, Resource, ResourceMetadata } from '@adminjs/sql'

process.env.ADMIN_JS_SKIP_BUNDLE = 'true'

const PORT = Number(process.env.PORT ?? 3452)
const ROWS = Number(process.env.BENCH_ROWS ?? 10000)
const ITEMS = `bench_items_${ROWS}`
const AUTHORS = 'bench_authors'

/**
 * The item resource's queries leave out trashed rows (the kit's soft-delete
 * scope); everything else is @adminjs/sql's own code.
 */
class LiveItemsResource extends Resource {
  static isAdapterFor(resource) {
    return resource instanceof ResourceMetadata && resource.tableName === ITEMS
  }

  filterQuery(filter) {
    return super.filterQuery(filter).whereNull(`${ITEMS}.deleted_at`)
  }
}

/* the first adapter that claims a resource serves it */
AdminJS.registerAdapter({ Database, Resource: LiveItemsResource })
AdminJS.registerAdapter({ Database, Resource })

const database = await new Adapter('postgresql', {
  host: process.env.PG_HOST ?? '127.0.0.1',
  port: Number(process.env.PG_PORT ?? 5432),
  user: process.env.PG_USER ?? 'postgres',
  password: process.env.PG_PASSWORD ?? '',
  database: process.env.PG_DATABASE ?? 'test',
}).init()

const admin = new AdminJS({
  rootPath: '/admin',
  resources: [
    {
      resource: database.table(ITEMS),
      options: {
        id: ITEMS,
        listProperties: ['id', 'title', 'author_id', 'status', 'price', 'created_at'],
        properties: {
          author_id: { reference: AUTHORS },
          status: {
            availableValues: [
              { value: 'draft', label: 'Draft' },
              { value: 'published', label: 'Published' },
              { value: 'archived', label: 'Archived' },
            ],
          },
        },
        sort: { sortBy: 'id', direction: 'asc' },
      },
    },
    { resource: database.table(AUTHORS), options: { id: AUTHORS } },
  ],
  settings: { defaultPerPage: 25 },
})

const app = express()
app.get('/__bench/health', (_request, response) => response.json({ ok: true }))
app.use('/admin', (request, response, next) => {
  /* the benchmark's trusted header, as the other two sides (never do this in an application) */
  const id = Number(request.headers['x-bench-user'])
  if (!Number.isInteger(id) || id < 1 || id > 2) {
    return response.status(401).json({ message: 'Unauthenticated' })
  }
  next()
})
app.use(admin.options.rootPath, AdminJSExpress.buildRouter(admin))
const server = app.listen(PORT, '127.0.0.1', () => {
  console.log(`adminjs listening on ${PORT}`)
})

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)))
}
