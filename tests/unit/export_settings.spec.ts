import { test } from '@japa/runner'
import { ExportAction, ExportBulkAction, ExportColumn } from '../../index.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'

test.group('Export settings | the setters both export actions forward', () => {
  test('{$self}: the setters chain and fill its settings')
    .with(['ExportAction', 'ExportBulkAction'] as const)
    .run(({ assert }, kind) => {
      const action =
        kind === 'ExportAction' ? ExportAction.make('export') : ExportBulkAction.make('export')
      const chained = action
        .columns([ExportColumn.make('title')])
        .format('xlsx')
        .chunkSize(50)
        .fileName('posts')
      assert.strictEqual(chained, action)
      assert.deepEqual(
        action.exportSettings.columns.map((column) => column.name),
        ['title']
      )
      assert.equal(action.exportSettings.format, 'xlsx')
      assert.equal(action.exportSettings.chunkSize, 50)
      assert.equal(action.exportSettings.fileName, 'posts')
      /* each setter refuses what its settings refuse, naming the action */
      assert.throws(() => action.format('pdf' as any), new RegExp(`${kind} "export": format`))
      assert.throws(() => action.chunkSize(0), KitConfigurationException)
      assert.throws(() => action.fileName('../x'), KitConfigurationException)
      assert.throws(
        () => action.columns([ExportColumn.make('a'), ExportColumn.make('a')]),
        /declared twice/
      )
    })
})
