/*
 * The files a user writes in the README's quick start: migrations, models,
 * the policy, and a kit() test as docs/testing.md shows. The e2e suite
 * writes them into the fresh application exactly as listed here.
 */

export const POSTS_MIGRATION = `import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'posts'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('title').notNullable()
      table.text('body').nullable()
      table.boolean('is_published').notNullable().defaultTo(false)
      table.date('published_on').nullable()
      table.timestamp('created_at')
      table.timestamp('updated_at')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
`

export const POST_MODEL = `import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import Comment from '#models/comment'

export default class Post extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare body: string | null

  @column()
  declare isPublished: boolean

  @column.date()
  declare publishedOn: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => Comment)
  declare comments: HasMany<typeof Comment>
}
`

export const POST_POLICY = `import User from '#models/user'
import Post from '#models/post'
import { BasePolicy } from '@adonisjs/bouncer'

/**
 * Every signed-in user manages posts.
 */
export default class PostPolicy extends BasePolicy {
  viewAny(_user: User) {
    return true
  }

  view(_user: User, _post: Post) {
    return true
  }

  create(_user: User) {
    return true
  }

  update(_user: User, _post: Post) {
    return true
  }

  delete(_user: User, _post: Post) {
    return true
  }

  deleteAny(_user: User) {
    return true
  }
}
`

/* the other generator variants: comments (relation manager), articles (soft deletes, view page), tags (simple) */

export const OTHER_MIGRATIONS = `import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('comments', (table) => {
      table.increments('id')
      table.integer('post_id').unsigned().notNullable().references('posts.id').onDelete('CASCADE')
      table.string('body').notNullable()
      table.timestamp('created_at')
      table.timestamp('updated_at')
    })
    this.schema.createTable('articles', (table) => {
      table.increments('id')
      table.string('title').notNullable()
      table.timestamp('deleted_at').nullable()
      table.timestamp('created_at')
      table.timestamp('updated_at')
    })
    this.schema.createTable('tags', (table) => {
      table.increments('id')
      table.string('name', 80).notNullable().unique()
    })
  }

  async down() {
    this.schema.dropTable('tags')
    this.schema.dropTable('articles')
    this.schema.dropTable('comments')
  }
}
`

export const COMMENT_MODEL = `import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Comment extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare postId: number

  @column()
  declare body: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
`

export const ARTICLE_MODEL = `import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Article extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column.dateTime()
  declare deletedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
`

export const TAG_MODEL = `import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Tag extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string
}
`

/**
 * A kit() test written as docs/testing.md shows.
 */
export const KIT_TEST = `import { test } from '@japa/runner'
import User from '#models/user'
import Post from '#models/post'
import PostResource from '#resources/post_resource'

test.group('PostResource', () => {
  test('lists, refuses and creates posts', async ({ kit, assert }) => {
    const user = await User.create({ email: 'kit@example.com', password: 'kit-password-1' })
    const post = await Post.create({ title: 'Written before the test', isPublished: false })

    await kit(PostResource, { user }).assertCanSeeTableRecords([post])
    await kit(PostResource, { user })
      .fillForm({ title: '' })
      .call('create')
      .assertHasFormErrors({ title: 'required' })
    await kit(PostResource, { user })
      .fillForm({ title: 'Created through kit()' })
      .call('create')
      .assertHasNoFormErrors()

    const titles = (await Post.query().orderBy('id')).map(({ title }) => title)
    assert.deepEqual(titles, ['Written before the test', 'Created through kit()'])
  })
})
`

/*
 * Jobs on @adonisjs/queue (Redis): the files a user writes after
 * `npm install @adonisjs/queue @adonisjs/redis` (what `node ace configure`
 * of both packages publishes, without its prompts), and an export action.
 */

export const REDIS_CONFIG = `import { defineConfig } from '@adonisjs/redis'
import { InferConnections } from '@adonisjs/redis/types'

const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      host: process.env.REDIS_HOST ?? '127.0.0.1',
      port: Number(process.env.REDIS_PORT ?? 6379),
      db: Number(process.env.REDIS_DB ?? 0),
      keyPrefix: '',
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
`

export const QUEUE_CONFIG = `import { defineConfig, drivers } from '@adonisjs/queue'

export default defineConfig({
  default: 'redis',
  adapters: {
    redis: drivers.redis({ connectionName: 'main' }),
    sync: drivers.sync(),
  },
  worker: {
    concurrency: 2,
    idleDelay: '100ms',
  },
  locations: [],
})
`

export const KIT_JOBS_CONFIG = `  jobs: {
    transport: 'queue',
    findUser: async (id) => (await import('#models/user')).default.find(id),
  },
`

export const LIST_POSTS_WITH_EXPORT = `import { ExportAction, ExportColumn, ListRecords } from 'adonis-kit'
import PostResource from '#resources/post_resource'

/**
 * The list page of PostResource, with a CSV and an XLSX export.
 */
export default class ListPosts extends ListRecords {
  resource = PostResource

  headerActions() {
    const columns = () => [ExportColumn.make('id'), ExportColumn.make('title').label('Title')]
    return [
      ExportAction.make('export')
        .authorizeUsing(({ user }) => Boolean(user))
        .chunkSize(500)
        .columns(columns()),
      ExportAction.make('exportXlsx')
        .format('xlsx')
        .authorizeUsing(({ user }) => Boolean(user))
        .chunkSize(500)
        .columns(columns()),
    ]
  }
}
`

/*
 * docs/plugins.md, "Use a plugin": the kit-rating package's field, column
 * and filter in a resource of the application, and the plugin handed to
 * the panel.
 */
export const REVIEWS_MIGRATION = `import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('reviews', (table) => {
      table.increments('id')
      table.string('title').notNullable()
      table.integer('score').nullable()
      table.timestamp('created_at')
      table.timestamp('updated_at')
    })
  }

  async down() {
    this.schema.dropTable('reviews')
  }
}
`

export const REVIEW_MODEL = `import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Review extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare score: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
`

export const REVIEW_RESOURCE = `import vine from '@vinejs/vine'
import { Resource, Rules, TextColumn, TextInput, type Form, type Table } from 'adonis-kit'
import { Rating, RatingColumn, RatingFilter } from 'kit-rating'
import Review from '#models/review'

class ReviewRules extends Rules {
  rules() {
    return {
      title: vine.string().trim().maxLength(255),
      score: vine.number().withoutDecimals().range([1, 5]).nullable(),
    }
  }
}

export default class ReviewResource extends Resource<typeof Review> {
  model = Review
  policy = () => import('#policies/post_policy')

  table(table: Table) {
    return table
      .columns([TextColumn.make('title'), RatingColumn.make('score').stars(5).sortable()])
      .filters([RatingFilter.make('score').stars(5)])
  }

  form(form: Form) {
    return form.schema([TextInput.make('title').required(), Rating.make('score').stars(5)])
  }

  validation() {
    return ReviewRules
  }
}
`

/*
 * Past one machine (tests/e2e/scale_out.spec.ts): sessions in Redis, jobs
 * on @adonisjs/queue, a model whose updates are counted by a hook, a
 * query-wide bulk action and a large export.
 */

export const SCALE_SESSION_CONFIG = `import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

export default defineConfig({
  enabled: true,
  cookieName: 'adonis-session',
  clearWithBrowser: false,
  age: '2h',
  cookie: { path: '/', httpOnly: true, secure: app.inProduction, sameSite: 'lax' },
  store: env.get('SESSION_DRIVER'),
  stores: {
    cookie: stores.cookie(),
    /* every web process reads and writes the same sessions */
    redis: stores.redis({ connection: 'main' }),
  },
})
`

export const SCALE_QUEUE_CONFIG = `import { defineConfig, drivers } from '@adonisjs/queue'

export default defineConfig({
  default: 'redis',
  adapters: {
    redis: drivers.redis({ connectionName: 'main' }),
    sync: drivers.sync(),
  },
  worker: {
    concurrency: 2,
    idleDelay: '100ms',
    /* a job whose worker died is delivered again after this long */
    stalledInterval: '1s',
    stalledThreshold: '3s',
  },
  locations: [],
})
`

export const SCALE_KIT_JOBS_CONFIG = `  jobs: {
    transport: 'queue',
    findUser: async (id) => (await import('#models/user')).default.find(id),
    heartbeatMs: 500,
    staleAfterMs: 3000,
    bulkQueueThreshold: 100,
  },
`

export const SCALE_MIGRATION = `import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('posts', (table) => {
      table.integer('revision').notNullable().defaultTo(0)
    })
    /* one row per update hook run */
    this.schema.createTable('post_hooks', (table) => {
      table.increments('id')
      table.integer('post_id').notNullable()
      table.integer('revision').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('post_hooks')
    this.schema.alterTable('posts', (table) => {
      table.dropColumn('revision')
    })
  }
}
`

export const SCALE_POST_MODEL = `import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { BaseModel, afterUpdate, column } from '@adonisjs/lucid/orm'

export default class Post extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare title: string

  @column()
  declare body: string | null

  @column()
  declare isPublished: boolean

  @column.date()
  declare publishedOn: DateTime | null

  @column()
  declare revision: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /* every update leaves one row, in the update's transaction */
  @afterUpdate()
  static async recordUpdate(post: Post) {
    await (post.$trx ?? db)
      .insertQuery()
      .table('post_hooks')
      .insert({ post_id: post.id, revision: post.revision })
  }
}
`

/** The bulk action added to the generated PostResource's table */
export const SCALE_BULK_ACTION = `        BulkAction.make('revise')
          .authorizeUsing(({ user }) => Boolean(user))
          .eachRecord(async ({ record }) => {
            const post = record as Post
            post.revision = post.revision + 1
            await post.save()
          }),
`

export const SCALE_LIST_POSTS = `import { ExportAction, ExportColumn, ListRecords } from 'adonis-kit'
import PostResource from '#resources/post_resource'

/**
 * The list page of PostResource, with a CSV export of every post.
 */
export default class ListPosts extends ListRecords {
  resource = PostResource

  headerActions() {
    return [
      ExportAction.make('export')
        .authorizeUsing(({ user }) => Boolean(user))
        .chunkSize(100)
        .columns([ExportColumn.make('id'), ExportColumn.make('title').label('Title')]),
    ]
  }
}
`
