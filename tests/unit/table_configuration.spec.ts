import { test } from '@japa/runner'
import { ResourceMount, type MountOptions } from '../../src/runtime/mounts/resource_mount.ts'
import { Resource } from '../../src/definitions/resource/resource.ts'
import type { Table } from '../../src/definitions/table/table.ts'
import { TextColumn } from '../../src/definitions/table/columns/text_column.ts'
import { SelectFilter } from '../../src/definitions/table/filters/select_filter.ts'
import { Action, assertSafeUrl } from '../../src/definitions/table/actions/action.ts'
import { BulkAction, DeleteBulkAction } from '../../src/definitions/table/actions/bulk_action.ts'
import { buildTable } from '../../src/definitions/table/builders.ts'
import { RelationManager } from '../../src/definitions/relations/relation_manager.ts'
import { ListRecords, type PageRoute } from '../../src/definitions/pages/resource_page.ts'
import { PageTab } from '../../src/definitions/pages/page_tab.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import { OPERATION_LENGTH } from '../../src/runtime/audit/audit_writer.ts'
import { Article, Post } from '../helpers.ts'
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
 * Mount a Post resource whose table (and list page) the test configures, and
 * return the configuration error it raises, if any.
 */
function mountWith(
  configure: (table: Table) => Table,
  page?: new () => ListRecords
): KitConfigurationException | undefined {
  class ConfiguredResource extends Resource<typeof Post> {
    model = Post
    table(table: Table) {
      return configure(table)
    }
    validation() {
      return PostRules
    }
    getPages(): Record<string, PageRoute> {
      return { index: ((page ?? ListRecords) as any).route('/') }
    }
  }
  try {
    new ResourceMount(new ConfiguredResource(), options)
    return undefined
  } catch (error) {
    return error as KitConfigurationException
  }
}

const noop = async () => {}

test.group('Table configuration | refused at boot', () => {
  test('{$self}')
    .with([
      {
        title: 'duplicate row action names',
        table: (t: Table) =>
          t.actions([Action.make('go').action(noop), Action.make('go').url('/go')]),
        message: 'action "go" is declared twice',
      },
      {
        title: 'a row action named like a built-in one',
        table: (t: Table) => t.actions([Action.make('delete').action(noop)]),
        message: 'uses the name of a built-in action',
      },
      {
        title: 'a hosted row action without a callback',
        table: (t: Table) => t.actions([Action.make('go').authorizeUsing(() => true)]),
        message: 'has neither a url() nor an action() callback',
      },
      {
        title: 'groups and reordering together (a move would cross groups)',
        table: (t: Table) => t.groupBy('status').reorderable('id'),
        message: 'groupBy() and reorderable() cannot be combined',
      },
      {
        title: 'duplicate bulk action names',
        table: (t: Table) => t.bulkActions([BulkAction.make('go'), BulkAction.make('go')]),
        message: 'bulk action "go" is declared twice',
      },
      {
        title: 'duplicate filters',
        table: (t: Table) => t.filters([SelectFilter.make('status'), SelectFilter.make('status')]),
        message: 'filter "status" is declared twice',
      },
      {
        title: 'a filter on an unknown column without its own query',
        table: (t: Table) => t.filters([SelectFilter.make('password')]),
        message: 'filter "password" compares "password"',
      },
      {
        title: 'duplicate columns',
        table: (t: Table) => t.columns([TextColumn.make('title'), TextColumn.make('title')]),
        message: 'column "title" is declared twice',
      },
      {
        title: 'a relationship column through an unknown relationship',
        table: (t: Table) => t.columns([TextColumn.make('owner.email')]),
        message: '"owner" is not a relationship of Post',
      },
      {
        title: 'a relationship column on a hidden attribute',
        table: (t: Table) => t.columns([TextColumn.make('author.password')]),
        message: 'hidden attribute of User',
      },
      {
        title: 'an editable column without a rule',
        table: (t: Table) =>
          t.columns([TextColumn.make('body').editable(), TextColumn.make('authorId').editable()]),
        message: 'editable column "authorId" needs a rule',
      },
      {
        title: 'an editable relationship column',
        table: (t: Table) => t.columns([TextColumn.make('author.email').editable()]),
        message: 'cannot be editable',
      },
    ])
    .run(({ assert }, { table, message }) => {
      const error = mountWith(table)
      assert.instanceOf(error, KitConfigurationException)
      assert.include(error!.message, 'ConfiguredResource')
      assert.include(error!.message, message)
    })

  test('duplicate header actions, duplicate tabs and two default tabs are refused', ({
    assert,
  }) => {
    class DuplicateHeader extends ListRecords {
      headerActions() {
        return [Action.make('export').url('/a'), Action.make('export').url('/b')]
      }
    }
    class DuplicateTabs extends ListRecords {
      tabs() {
        return [PageTab.make('all'), PageTab.make('all')]
      }
    }
    class TwoDefaults extends ListRecords {
      tabs() {
        return [PageTab.make('a').default(), PageTab.make('b').default()]
      }
    }
    const same = (t: Table) => t
    assert.include(mountWith(same, DuplicateHeader)!.message, 'action "export" is declared twice')
    assert.include(mountWith(same, DuplicateTabs)!.message, 'tab "all" is declared twice')
    assert.include(mountWith(same, TwoDefaults)!.message, 'more than one tab is marked default()')
  })

  test('a well-formed table mounts', ({ assert }) => {
    const error = mountWith((t) =>
      t
        .columns([TextColumn.make('title').editable(), TextColumn.make('author.fullName')])
        .filters([SelectFilter.make('status').options({ draft: 'Draft' })])
        .actions([
          Action.make('go')
            .authorizeUsing(() => true)
            .action(noop),
        ])
        .bulkActions([BulkAction.make('go')])
    )
    assert.isUndefined(error)
  })
})

test.group('Table configuration | safe URLs and action names', () => {
  test('action URLs pass only for paths and http(s) URLs', ({ assert }) => {
    for (const url of ['/posts/{id}', '/a?b=c', 'https://example.com/x', 'http://example.com']) {
      assert.doesNotThrow(() => assertSafeUrl(url, 'test'), url)
    }
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<b>',
      '//evil.example.com',
      '/\\evil.example.com',
      'relative/path',
      '',
      '/a\nb',
      'vbscript:x',
    ]) {
      assert.throws(() => assertSafeUrl(url, 'test'), /refused/, JSON.stringify(url))
    }
    assert.throws(() => Action.make('x').url('javascript:alert(1)'), /refused/)
  })

  test('action names must be plain identifiers', ({ assert }) => {
    for (const name of ['', '1go', 'go now', '../x', 'a/b', 'a.b']) {
      assert.throws(() => Action.make(name), /must start with a letter/, name)
      assert.throws(() => BulkAction.make(name), /must start with a letter/, name)
    }
  })

  test('an action name longer than the audit column is refused at boot, naming resource and action', ({
    assert,
  }) => {
    const long = `a${'b'.repeat(OPERATION_LENGTH)}`
    const fits = `a${'b'.repeat(OPERATION_LENGTH - 1)}`
    const row = mountWith((t) => t.actions([Action.make(long).action(noop)]))
    assert.instanceOf(row, KitConfigurationException)
    assert.include(row!.message, `ConfiguredResource.table().actions(): action "${long}"`)
    assert.include(row!.message, `at most ${OPERATION_LENGTH}`)
    const bulk = mountWith((t) => t.bulkActions([BulkAction.make(long)]))
    assert.include(bulk!.message, `ConfiguredResource.table(): bulk action "${long}"`)
    class LongHeader extends ListRecords {
      headerActions() {
        return [Action.make(long).url('/a')]
      }
    }
    const header = mountWith((t) => t, LongHeader)
    assert.include(header!.message, `headerActions(): action "${long}"`)
    assert.isUndefined(
      mountWith((t) =>
        t.actions([Action.make(fits).action(noop)]).bulkActions([BulkAction.make(fits)])
      )
    )
  })

  test('hosted actions are fail-closed; URL actions are shown without authorizeUsing', async ({
    assert,
  }) => {
    const context = { record: null, user: { id: 1 } }
    assert.isFalse(await Action.make('go').action(noop).allows(context))
    assert.isTrue(await Action.make('go').url('/go').allows(context))
    assert.isFalse(
      await Action.make('go')
        .action(noop)
        .authorizeUsing(() => 1 as any)
        .allows(context)
    )
    assert.isTrue(
      await Action.make('go')
        .action(noop)
        .authorizeUsing(() => true)
        .allows(context)
    )
    assert.isFalse(await BulkAction.make('go').allows(context))
  })
})

test.group('Table configuration | the soft-delete preset', () => {
  class Articles extends Resource<typeof Article> {
    model = Article
    softDeletes = true
    validation() {
      return PostRules
    }
  }

  const names = (resource: Resource<any>) =>
    buildTable(resource)
      .getBulkActions()
      .map((action) => [action.name, action.constructor.name])

  test('adds delete, restore and delete permanently next to the custom bulk actions', ({
    assert,
  }) => {
    class WithCustom extends Articles {
      table(table: Table) {
        return table.bulkActions([BulkAction.make('archive')])
      }
    }
    assert.deepEqual(names(new Articles()), [
      ['delete', 'DeleteBulkAction'],
      ['restore', 'RestoreBulkAction'],
      ['forceDelete', 'ForceDeleteBulkAction'],
    ])
    assert.deepEqual(names(new WithCustom()), [
      ['archive', 'BulkAction'],
      ['delete', 'DeleteBulkAction'],
      ['restore', 'RestoreBulkAction'],
      ['forceDelete', 'ForceDeleteBulkAction'],
    ])
    /* a fresh set on every build */
    assert.notStrictEqual(
      buildTable(new Articles()).getBulkActions()[0],
      buildTable(new Articles()).getBulkActions()[0]
    )
  })

  test('a table that declares its own lifecycle bulk actions gets none', ({ assert }) => {
    class OwnDelete extends Articles {
      table(table: Table) {
        return table.bulkActions([DeleteBulkAction.make('trash')])
      }
    }
    class OwnName extends Articles {
      table(table: Table) {
        return table.bulkActions([BulkAction.make('restore').eachRecord(() => {})])
      }
    }
    class NoPreset extends Articles {
      softDeleteBulkActions() {
        return []
      }
    }
    class NotSoftDeleting extends Articles {
      softDeletes = false
    }
    assert.deepEqual(names(new OwnDelete()), [['trash', 'DeleteBulkAction']])
    assert.deepEqual(names(new OwnName()), [['restore', 'BulkAction']])
    assert.deepEqual(names(new NoPreset()), [])
    assert.deepEqual(names(new NotSoftDeleting()), [])
  })

  test('the preset mounts and relation managers keep their own preset', ({ assert }) => {
    assert.isUndefined(
      (() => {
        try {
          new ResourceMount(new Articles(), options)
        } catch (error) {
          return error
        }
      })()
    )
    class SoftComments extends RelationManager<typeof Post> {
      relationship = 'comments'
      softDeletes = true
      table(table: Table) {
        return table
      }
    }
    assert.deepEqual(buildTable(new SoftComments()).getBulkActions(), [])
  })
})

test.group('Table columns | boolean cast', () => {
  test('a boolean column casts what drivers store (1/0, "1"/"0", t/f) and keeps null', ({
    assert,
  }) => {
    const column = TextColumn.make('isActive').boolean()
    assert.deepEqual(
      [1, 0, '1', '0', 't', 'f', 'true', 'false', true, false, null].map((value) =>
        column.castValue(value)
      ),
      [true, false, true, false, true, false, true, false, true, false, null]
    )
    /* other columns keep the value as it is */
    assert.strictEqual(TextColumn.make('stock').castValue(1), 1)
    assert.isFalse(TextColumn.make('stock').isBoolean())
  })
})
