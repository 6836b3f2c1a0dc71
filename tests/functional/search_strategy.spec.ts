import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { Resource } from '../../src/definitions/resource/resource.ts'
import { Table } from '../../src/definitions/table/table.ts'
import { TextColumn } from '../../src/definitions/table/columns/text_column.ts'
import { paginateTable, readTableState } from '../../src/runtime/table/table_query.ts'
import { searchCondition } from '../../src/support/search_sql.ts'
import { Post, createPost, createUser, withDatabase } from '../helpers.ts'

class PostsResource extends Resource<typeof Post> {
  model = Post
}

async function search(column: TextColumn, term: string) {
  const table = new Table().columns([column]).paginationPageOptions([100])
  const resource = new PostsResource()
  const state = readTableState(table, { search: term })
  const page = await paginateTable(resource, table, state, { user: null })
  return page
    .all()
    .map((record: any) => record.title)
    .sort()
}

test.group('Table | search strategies: SQL', () => {
  test('contains: ILIKE on PostgreSQL (a trigram index serves it), LOWER LIKE elsewhere', ({
    assert,
  }) => {
    assert.deepEqual(searchCondition('postgres', 'contains', 'posts.title', 'Ab%_!c'), {
      sql: `?? ILIKE ? ESCAPE '!'`,
      bindings: ['posts.title', '%ab!%!_!!c%'],
    })
    for (const dialect of ['mysql', 'sqlite3', 'better-sqlite3']) {
      assert.deepEqual(searchCondition(dialect, 'contains', 'posts.title', 'Ab'), {
        sql: `LOWER(??) LIKE ? ESCAPE '!'`,
        bindings: ['posts.title', '%ab%'],
      })
    }
  })

  test('prefix: an anchored LIKE (no LOWER() on MySQL, so a plain index serves it)', ({
    assert,
  }) => {
    assert.deepEqual(searchCondition('postgres', 'prefix', 'posts.title', 'Ab_'), {
      sql: `LOWER(??) LIKE ? ESCAPE '!'`,
      bindings: ['posts.title', 'ab!_%'],
    })
    assert.deepEqual(searchCondition('mysql', 'prefix', 'posts.title', 'Ab'), {
      sql: `?? LIKE ? ESCAPE '!'`,
      bindings: ['posts.title', 'ab%'],
    })
  })

  test('fulltext: tsvector on PostgreSQL, MATCH AGAINST on MySQL, contains on SQLite', ({
    assert,
  }) => {
    assert.deepEqual(searchCondition('postgres', 'fulltext', 'posts.title', 'red fox'), {
      sql: `to_tsvector('simple', coalesce(??, '')) @@ plainto_tsquery('simple', ?)`,
      bindings: ['posts.title', 'red fox'],
    })
    assert.deepEqual(searchCondition('mysql', 'fulltext', 'posts.title', 'red fox'), {
      sql: `MATCH (??) AGAINST (? IN NATURAL LANGUAGE MODE)`,
      bindings: ['posts.title', 'red fox'],
    })
    assert.deepEqual(searchCondition('better-sqlite3', 'fulltext', 'posts.title', 'Red'), {
      sql: `LOWER(??) LIKE ? ESCAPE '!'`,
      bindings: ['posts.title', '%red%'],
    })
  })

  test('an unknown strategy fails at configuration', ({ assert }) => {
    assert.throws(
      () => TextColumn.make('title').searchable('fuzzy' as any),
      /column "title": the search strategy must be one of 'contains', 'prefix', 'fulltext', received "fuzzy"/
    )
    assert.equal(TextColumn.make('title').searchable().searchStrategy(), 'contains')
    assert.isTrue(TextColumn.make('title').searchable('prefix').isSearchable())
  })
})

test.group('Table | search strategies on the database', (group) => {
  withDatabase(group)

  group.each.setup(async () => {
    const author = await createUser()
    for (const title of [
      'Red Fox jumps',
      'The red fox',
      'Redwood',
      'Blue 100% sure',
      'Blue_bird',
    ]) {
      await createPost(author, { title })
    }
  })

  test('contains and prefix match case-insensitively and literally', async ({ assert }) => {
    assert.deepEqual(await search(TextColumn.make('title').searchable(), 'RED'), [
      'Red Fox jumps',
      'Redwood',
      'The red fox',
    ])
    assert.deepEqual(await search(TextColumn.make('title').searchable(), '0%'), ['Blue 100% sure'])
    assert.deepEqual(await search(TextColumn.make('title').searchable(), 'e_b'), ['Blue_bird'])
    assert.deepEqual(await search(TextColumn.make('title').searchable('prefix'), 'red'), [
      'Red Fox jumps',
      'Redwood',
    ])
    assert.deepEqual(await search(TextColumn.make('title').searchable('prefix'), 'blue_'), [
      'Blue_bird',
    ])
  })

  test('fulltext matches whole words on PostgreSQL, contains on SQLite', async ({ assert }) => {
    const dialect = db.connection().dialect.name
    if (dialect === 'mysql') {
      /* MATCH ... AGAINST needs a FULLTEXT index (DDL, outside the test's transaction) */
      return
    }
    const found = await search(TextColumn.make('title').searchable('fulltext'), 'red')
    assert.deepEqual(
      found,
      dialect === 'postgres'
        ? ['Red Fox jumps', 'The red fox']
        : ['Red Fox jumps', 'Redwood', 'The red fox']
    )
  })
})
