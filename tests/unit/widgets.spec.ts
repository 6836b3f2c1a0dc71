import { test } from '@japa/runner'
import { resolveWidgets, Stat, StatsWidget, Widget } from '../../src/definitions/pages/widgets.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'

class Provided {
  widgets() {
    return [StatsWidget.make('provided')]
  }
}

class OwnWidget extends StatsWidget {
  constructor() {
    super('own')
  }
}

test.group('Widgets | one resolver', () => {
  test('instances, provider objects, classes and lazy imports resolve in order', async ({
    assert,
  }) => {
    const widgets = await resolveWidgets(
      [
        StatsWidget.make('instance'),
        { widgets: () => [StatsWidget.make('object')] },
        Provided,
        OwnWidget,
      ],
      'Test.widgets()'
    )
    assert.deepEqual(
      widgets.map((widget) => widget.id),
      ['instance', 'object', 'provided', 'own']
    )
    const lazy = await resolveWidgets([async () => ({ default: Provided })], 'Test.widgets()')
    assert.deepEqual(
      lazy.map((widget) => widget.id),
      ['provided']
    )
    assert.isTrue(lazy[0] instanceof Widget)
  })

  test('wrong entries and duplicate ids are refused with where they were declared', async ({
    assert,
  }) => {
    const cases: [unknown, RegExp][] = [
      ['nope', /expected a widget, a widget provider, a class or a lazy import/],
      [[42], /expected a widget/],
      [[async () => ({ default: 'x' })], /default export/],
      [[{ widgets: () => 'x' }], /must return a list/],
      [[StatsWidget.make('a'), StatsWidget.make('a')], /widget "a" is declared twice/],
    ]
    for (const [entries, expected] of cases) {
      try {
        await resolveWidgets(Array.isArray(entries) ? entries : [entries], 'PostResource.widgets()')
        assert.fail(`accepted ${String(entries)}`)
      } catch (error) {
        assert.instanceOf(error, KitConfigurationException)
        assert.match((error as Error).message, /^PostResource\.widgets\(\)/)
        assert.match((error as Error).message, expected)
      }
    }
    await assert.rejects(() => resolveWidgets('x' as any, 'W'), /must return a list of widgets/)
  })

  test('widget ids and stats are checked when declared', ({ assert }) => {
    assert.throws(() => StatsWidget.make('no spaces'), /not a valid name/)
    assert.throws(() => StatsWidget.make('ok').stats(['x' as any]), /Stat.make/)
    assert.doesNotThrow(() => StatsWidget.make('ok').stats([Stat.make('Count').value(3)]))
  })
})
