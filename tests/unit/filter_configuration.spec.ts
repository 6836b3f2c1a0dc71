import { test } from '@japa/runner'
import { ResourceMount, type MountOptions } from '../../src/runtime/mounts/resource_mount.ts'
import { Resource } from '../../src/definitions/resource/resource.ts'
import type { Table } from '../../src/definitions/table/table.ts'
import { SelectFilter } from '../../src/definitions/table/filters/select_filter.ts'
import { TernaryFilter } from '../../src/definitions/table/filters/ternary_filter.ts'
import { DateRangeFilter } from '../../src/definitions/table/filters/date_range_filter.ts'
import { ListRecords, type PageRoute } from '../../src/definitions/pages/resource_page.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import { RelationManager } from '../../src/definitions/relations/relation_manager.ts'
import { TextColumn } from '../../src/definitions/table/columns/text_column.ts'
import Listing from '../app/app/models/listing.ts'
import { Post } from '../helpers.ts'
import PostRules from '../app/app/rules/post_rules.ts'

const options: MountOptions = {
  panelId: 'x',
  prefix: '/x',
  name: 'kit.x',
  middleware: [],
  mutationMiddleware: [],
  resolveUser: () => null,
}

/**
 * Mount a Listing resource with the given filters and return the
 * configuration error it raises, if any.
 */
function mountWith(configure: (table: Table) => Table): KitConfigurationException | undefined {
  class ListingFilters extends Resource<typeof Listing> {
    model = Listing
    table(table: Table) {
      return configure(table)
    }
    getPages(): Record<string, PageRoute> {
      return { index: ListRecords.route('/') }
    }
  }
  try {
    new ResourceMount(new ListingFilters(), options)
    return undefined
  } catch (error) {
    return error as KitConfigurationException
  }
}

test.group('Filter configuration | refused at boot', () => {
  test('refuses {title}')
    .with([
      {
        title: 'a ternary filter on an unknown attribute',
        table: (t: Table) => t.filters([TernaryFilter.make('isPublic')]),
        message: 'filter "isPublic" compares "isPublic", which is not a column of Listing',
      },
      {
        title: 'a ternary filter on a hidden attribute',
        table: (t: Table) => t.filters([TernaryFilter.make('flagged').attribute('isFlagged')]),
        message:
          'filter "flagged" compares "isFlagged", which is a hidden attribute of Listing (serializeAs: null)',
      },
      {
        title: 'a multiple select filter on a hidden attribute',
        table: (t: Table) =>
          t.filters([SelectFilter.make('isFlagged').multiple().options({ 1: 'Yes' })]),
        message: 'filter "isFlagged" compares "isFlagged", which is a hidden attribute of Listing',
      },
      {
        title: 'a date range filter on an unknown attribute',
        table: (t: Table) => t.filters([DateRangeFilter.make('deletedAt')]),
        message: 'filter "deletedAt" compares "deletedAt", which is not a column of Listing',
      },
      {
        title: 'a date range filter on a column that is not a date',
        table: (t: Table) => t.filters([DateRangeFilter.make('title')]),
        message: 'filter "title" compares "title", which is not a @column.date or @column.dateTime',
      },
      {
        title: 'two filters of different kinds with one name',
        table: (t: Table) =>
          t.filters([TernaryFilter.make('isActive'), DateRangeFilter.make('isActive')]),
        message: 'filter "isActive" is declared twice',
      },
    ])
    .run(({ assert }, { table, message }) => {
      const error = mountWith(table)
      assert.instanceOf(error, KitConfigurationException)
      assert.include(error!.message, 'ListingFilters')
      assert.include(error!.message, message)
    })

  test('the new filters on visible columns, or with their own query, mount', ({ assert }) => {
    assert.isUndefined(
      mountWith((t) =>
        t.filters([
          SelectFilter.make('status').multiple().options({ draft: 'Draft' }),
          TernaryFilter.make('isActive').nullable(),
          DateRangeFilter.make('publishedOn'),
          DateRangeFilter.make('publishedAt').timezone('America/New_York'),
          TernaryFilter.make('flagged').query(() => {}),
          DateRangeFilter.make('anyDay').query(() => {}),
        ])
      )
    )
  })

  test('an unknown time zone is refused when the filter is declared', ({ assert }) => {
    assert.throws(
      () => DateRangeFilter.make('publishedAt').timezone('Mars/Olympus'),
      'DateRangeFilter "publishedAt": unknown time zone "Mars/Olympus"'
    )
  })

  test('values are read strictly: only declared options, two states, real days', ({ assert }) => {
    const select = SelectFilter.make('status').multiple().options({ a: 'A', b: 'B' })
    assert.deepEqual(select.parse(['b', 'x', 'a', 'b', 7, ['a']]), ['a', 'b'])
    assert.deepEqual(select.parse({ 0: 'b', 1: 'zz' }), ['b'])
    assert.isNull(select.parse(['x']))
    assert.isNull(select.parse(null))

    const ternary = TernaryFilter.make('isActive')
    assert.equal(ternary.parse('false'), 'false')
    for (const raw of ['1', 'TRUE', ['true'], { value: 'true' }, true, '', undefined]) {
      assert.isNull(ternary.parse(raw), JSON.stringify(raw))
    }

    const range = DateRangeFilter.make('publishedOn')
    assert.deepEqual(range.parse({ from: '2024-02-29', until: '2023-02-29' }), {
      from: '2024-02-29',
    })
    for (const raw of [
      '2024-01-01',
      ['2024-01-01'],
      { from: 'not-a-date' },
      { from: ['2024-01-01'] },
      { until: '2024-13-01' },
      { from: '2024-01-01T00:00:00' },
      {},
    ]) {
      assert.isNull(range.parse(raw), JSON.stringify(raw))
    }
  })
})

test.group('Filter configuration | relation managers', () => {
  test('a relation manager refuses the new filters on unknown or non-date columns', ({
    assert,
  }) => {
    const refusal = (filters: any[]) => {
      class CommentsManager extends RelationManager<typeof Post> {
        relationship = 'comments'
        table(table: Table) {
          return table.columns([TextColumn.make('body')]).filters(filters)
        }
      }
      class PostsResource extends Resource<typeof Post> {
        model = Post
        validation() {
          return PostRules
        }
        getRelations() {
          return [CommentsManager]
        }
      }
      try {
        new ResourceMount(new PostsResource(), options)
        return undefined
      } catch (error) {
        return (error as Error).message
      }
    }
    assert.isUndefined(refusal([]))
    assert.include(
      refusal([TernaryFilter.make('isSpam')]),
      'filter "isSpam" compares "isSpam", which is not a column of Comment'
    )
    assert.include(
      refusal([DateRangeFilter.make('body')]),
      'filter "body" compares "body", which is not a @column.date or @column.dateTime of Comment'
    )
    assert.include(refusal([DateRangeFilter.make('body')]), 'CommentsManager')
  })
})
