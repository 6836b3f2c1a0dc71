import { test } from '@japa/runner'
import { Table } from '../../src/definitions/table/table.ts'
import { TextColumn } from '../../src/definitions/table/columns/text_column.ts'
import {
  MAX_SEARCH_LENGTH,
  MIN_SEARCH_LENGTH,
  escapeLike,
  readTableState,
  type TableState,
} from '../../src/runtime/table/table_query.ts'

/**
 * title: sortable, body: not sortable, status: sortable. Default sort on
 * createdAt desc, page sizes 10/25/50.
 */
function postsTable() {
  return new Table()
    .columns([
      TextColumn.make('title').searchable().sortable(),
      TextColumn.make('body').searchable(),
      TextColumn.make('status').sortable(),
    ])
    .defaultSort('createdAt', 'desc')
    .paginationPageOptions([10, 25, 50])
}

function plainTable() {
  return new Table().columns([TextColumn.make('title').sortable()])
}

/**
 * The members this suite checks (the state may grow others, such as filters).
 */
function core({ search, sort, page, perPage }: TableState) {
  return { search, sort, page, perPage }
}

test.group('readTableState | defaults', () => {
  test('an empty query gives the table defaults', ({ assert }) => {
    assert.deepEqual(core(readTableState(postsTable(), {})), {
      search: null,
      sort: { column: 'createdAt', direction: 'desc' },
      page: 1,
      perPage: 10,
    })
    assert.deepEqual(core(readTableState(plainTable(), {})), {
      search: null,
      sort: null,
      page: 1,
      perPage: 10,
    })
  })

  test('the default page size follows defaultPaginationPageOption()', ({ assert }) => {
    const table = postsTable().defaultPaginationPageOption(25)
    assert.equal(readTableState(table, {}).perPage, 25)
    assert.equal(readTableState(table, { perPage: '7' }).perPage, 25)
  })
})

test.group('readTableState | search', () => {
  test('keeps a trimmed term', ({ assert }) => {
    assert.equal(readTableState(postsTable(), { search: '  hello world \n' }).search, 'hello world')
  })

  test(`ignores terms under ${MIN_SEARCH_LENGTH} characters`, ({ assert }) => {
    assert.equal(MIN_SEARCH_LENGTH, 2)
    for (const search of ['', ' ', 'a', '  a  ', '\0', 'a\0', '\0\0\0']) {
      assert.isNull(readTableState(postsTable(), { search }).search, JSON.stringify(search))
    }
    assert.equal(readTableState(postsTable(), { search: 'ab' }).search, 'ab')
  })

  test('counts characters, not UTF-16 units', ({ assert }) => {
    assert.isNull(readTableState(postsTable(), { search: '😀' }).search)
    assert.equal(readTableState(postsTable(), { search: 'é😀' }).search, 'é😀')
  })

  test('removes NUL bytes', ({ assert }) => {
    assert.equal(readTableState(postsTable(), { search: 'he\0llo\0' }).search, 'hello')
  })

  test(`cuts the term to ${MAX_SEARCH_LENGTH} characters`, ({ assert }) => {
    assert.equal(MAX_SEARCH_LENGTH, 255)
    const search = readTableState(postsTable(), { search: 'x'.repeat(10_000) }).search
    assert.equal(search, 'x'.repeat(255))
  })

  test('ignores values that are not strings', ({ assert }) => {
    for (const search of [42, true, { $ne: null }, null, undefined]) {
      assert.isNull(readTableState(postsTable(), { search }).search, String(search))
    }
  })

  test('takes the first value of an array', ({ assert }) => {
    assert.equal(readTableState(postsTable(), { search: ['first', 'second'] }).search, 'first')
    assert.isNull(readTableState(postsTable(), { search: [] }).search)
  })
})

test.group('readTableState | sort', () => {
  test('accepts a declared sortable column', ({ assert }) => {
    assert.deepEqual(readTableState(postsTable(), { sort: 'title', direction: 'desc' }).sort, {
      column: 'title',
      direction: 'desc',
    })
    assert.deepEqual(readTableState(postsTable(), { sort: 'status', direction: 'asc' }).sort, {
      column: 'status',
      direction: 'asc',
    })
  })

  test('any direction other than "desc" is "asc"', ({ assert }) => {
    for (const direction of [undefined, '', 'ASC', 'DESC', 'descending', 'desc ', '1', ['x']]) {
      assert.deepEqual(
        readTableState(postsTable(), { sort: 'title', direction }).sort,
        { column: 'title', direction: 'asc' },
        JSON.stringify(direction)
      )
    }
  })

  test('an unknown column falls back to the default sort', ({ assert }) => {
    for (const sort of [
      'password',
      'secretNote',
      'id; DROP TABLE posts',
      '',
      'Title',
      '__proto__',
    ]) {
      assert.deepEqual(
        readTableState(postsTable(), { sort, direction: 'asc' }).sort,
        { column: 'createdAt', direction: 'desc' },
        sort
      )
    }
  })

  test('a declared but non-sortable column falls back to the default sort', ({ assert }) => {
    assert.deepEqual(readTableState(postsTable(), { sort: 'body', direction: 'asc' }).sort, {
      column: 'createdAt',
      direction: 'desc',
    })
  })

  test('without a default sort the fallback is null', ({ assert }) => {
    assert.isNull(readTableState(plainTable(), { sort: 'nope' }).sort)
    assert.isNull(readTableState(plainTable(), { sort: ['nope', 'title'] }).sort)
  })

  test('takes the first value of arrays', ({ assert }) => {
    assert.deepEqual(
      readTableState(postsTable(), { sort: ['status', 'title'], direction: ['desc', 'asc'] }).sort,
      { column: 'status', direction: 'desc' }
    )
  })
})

test.group('readTableState | page', () => {
  test('accepts positive integers', ({ assert }) => {
    assert.equal(readTableState(postsTable(), { page: '1' }).page, 1)
    assert.equal(readTableState(postsTable(), { page: '3' }).page, 3)
    assert.equal(readTableState(postsTable(), { page: '1000000000' }).page, 1_000_000_000)
  })

  test('anything else is page 1', ({ assert }) => {
    for (const page of [
      '0',
      '-1',
      'abc',
      '1e3',
      '99999999999',
      '1000000001',
      '2.5',
      ' 2',
      '0x10',
      '',
      3,
      null,
      { gt: 1 },
    ]) {
      assert.equal(readTableState(postsTable(), { page }).page, 1, JSON.stringify(page))
    }
  })

  test('takes the first value of an array', ({ assert }) => {
    assert.equal(readTableState(postsTable(), { page: ['4', '9'] }).page, 4)
    assert.equal(readTableState(postsTable(), { page: ['abc', '9'] }).page, 1)
  })
})

test.group('readTableState | perPage', () => {
  test('accepts a declared option', ({ assert }) => {
    assert.equal(readTableState(postsTable(), { perPage: '25' }).perPage, 25)
    assert.equal(readTableState(postsTable(), { perPage: '50' }).perPage, 50)
  })

  test('anything that is not an option falls back to the default', ({ assert }) => {
    for (const perPage of ['0', '-1', '1000000', 'all', 'NaN', '100', '11', '25.0', '', 25, null]) {
      assert.equal(readTableState(postsTable(), { perPage }).perPage, 10, JSON.stringify(perPage))
    }
  })

  test('uses the default options without paginationPageOptions()', ({ assert }) => {
    assert.equal(readTableState(plainTable(), { perPage: '100' }).perPage, 100)
    assert.equal(readTableState(plainTable(), { perPage: '1000' }).perPage, 10)
  })

  test('takes the first value of an array', ({ assert }) => {
    assert.equal(readTableState(postsTable(), { perPage: ['50', '10'] }).perPage, 50)
    assert.equal(readTableState(postsTable(), { perPage: ['all', '50'] }).perPage, 10)
  })
})

test.group('escapeLike', () => {
  test('escapes %, _ and the escape character itself', ({ assert }) => {
    assert.equal(escapeLike('100%'), '100!%')
    assert.equal(escapeLike('snake_case'), 'snake!_case')
    assert.equal(escapeLike('wow!'), 'wow!!')
    assert.equal(escapeLike('%_!'), '!%!_!!')
    assert.equal(escapeLike('!%'), '!!!%')
  })

  test('leaves other characters alone', ({ assert }) => {
    assert.equal(escapeLike("plain text 'quoted' \\ [x] *"), "plain text 'quoted' \\ [x] *")
    assert.equal(escapeLike(''), '')
  })
})
