import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import { defineConfig } from '../../src/http/define_config.ts'
import { panel } from '../../src/definitions/panel/panel.ts'
import { definePlugin, type KitPluginOptions } from '../../src/definitions/plugin/plugin.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import { forgetPluginTranslations, translatorFor } from '../../src/i18n/translator.ts'
import PostResource from '../app/app/resources/post_resource.ts'
import TagResource from '../app/app/resources/tag_resource.ts'

let sequence = 0
/* the names whose words a test registered: forgotten after each group */
const registered = new Set<string>()
function forgetRegistered() {
  for (const name of registered) forgetPluginTranslations(name)
  registered.clear()
}

/**
 * A plugin of a unique name (the translator refuses two different plugins
 * of one name), with these options.
 */
function plugin(options: Omit<KitPluginOptions, 'name'> = {}, name?: string) {
  sequence++
  const value = definePlugin({ name: name ?? `sample-${sequence}`, ...options })
  registered.add(value.name)
  return value
}

/**
 * Resolve a config with one panel holding the plugin: what the provider
 * does at boot. The refusal's message, or undefined.
 */
async function bootRefusal(value: ReturnType<typeof plugin>) {
  try {
    await configProvider.resolve(
      app,
      defineConfig({ panels: [panel('p').resources([PostResource]).plugin(value)] })
    )
    return undefined
  } catch (error) {
    assertConfigError(error)
    return (error as Error).message
  }
}

function assertConfigError(error: unknown) {
  if (!(error instanceof KitConfigurationException)) throw error
}

test.group('Plugins | definePlugin() and panel().plugin()', () => {
  test('a name is lowercase letters, digits and "-"', ({ assert }) => {
    for (const name of ['', 'Rating', '1star', 'my plugin', 'a.b', undefined]) {
      assert.throws(
        () => definePlugin({ name } as any),
        /definePlugin\(\): the name .* must start with a lowercase letter/,
        String(name)
      )
    }
    assert.equal(definePlugin({ name: 'kit-rating2' }).name, 'kit-rating2')
  })

  test('a panel takes plugins only, each once', ({ assert }) => {
    const sample = plugin()
    assert.throws(
      () => panel('p').plugin({ name: 'fake' } as any),
      'Panel "p": plugin() expects a definePlugin(...) value'
    )
    assert.throws(
      () => panel('p').plugin(sample).plugin(sample),
      `Panel "p": the plugin "${sample.name}" is handed to the panel twice`
    )
    assert.lengthOf(panel('p').plugin(sample).getPlugins(), 1)
  })
})

test.group('Plugins | the boot-time check names what is declared but missing', (group) => {
  group.teardown(forgetRegistered)

  test('a declared locale without translations', async ({ assert }) => {
    const sample = plugin({ locales: ['en', 'fr'], translations: { en: {} } })
    assert.equal(
      await bootRefusal(sample),
      `Plugin "${sample.name}" declares the locale "fr" but has no translations for it`
    )
  })

  test('a locale lacking keys of the first one', async ({ assert }) => {
    const name = `lacking-${++sequence}`
    const lacking = plugin(
      {
        locales: ['en', 'fr'],
        translations: {
          en: { [`${name}.a`]: 'A', [`${name}.b`]: 'B' },
          fr: { [`${name}.a`]: 'A' },
        },
      },
      name
    )
    assert.equal(
      await bootRefusal(lacking),
      `Plugin "${name}": the "fr" translations lack "${name}.b" (declared in "en")`
    )
  })

  test("a key outside the plugin's name", async ({ assert }) => {
    const sample = plugin({ translations: { en: { 'table.yes': 'Sure' } } })
    assert.equal(
      await bootRefusal(sample),
      `Plugin "${sample.name}": the translation key "table.yes" (en) must start with "${sample.name}."`
    )
  })

  test('a page without a handler, a component or a valid path; a page twice', async ({
    assert,
  }) => {
    const page = { path: 'report', component: 'x/report', title: 'Report', handler: () => ({}) }
    const cases: [object[], string][] = [
      [[{ ...page, handler: undefined }], 'page "report" has no handler'],
      [[{ ...page, component: '' }], 'page "report" has no component'],
      [[{ ...page, title: '' }], 'page "report" has no title'],
      [[{ ...page, path: '/report' }], 'page "/report": a path is lowercase segments'],
      [[{ ...page, path: '../up' }], 'page "../up": a path is lowercase segments'],
      [[page, page], 'page "report" is declared twice'],
    ]
    for (const [pages, message] of cases) {
      const sample = plugin({ pages: pages as any })
      const refusal = await bootRefusal(sample)
      assert.include(refusal ?? '', `Plugin "${sample.name}": ${message}`, message)
    }
  })

  test('pages added in register() are checked the same way', async ({ assert }) => {
    const sample = plugin({
      register(registrar) {
        registrar.pages([{ path: 'late', component: 'x/late', title: 'Late' }])
      },
    })
    assert.equal(await bootRefusal(sample), `Plugin "${sample.name}": page "late" has no handler`)
  })

  test('a navigation item without a label or with an unsafe URL', async ({ assert }) => {
    const noLabel = plugin({ navigation: [{ url: '/x', label: '' }] })
    assert.include((await bootRefusal(noLabel))!, 'the navigation item "/x" has no label')
    for (const url of ['javascript:alert(1)', '//evil.example', 'data:text/html,x']) {
      const unsafe = plugin({ navigation: [{ url, label: 'X' }] })
      assert.include((await bootRefusal(unsafe)) ?? '', 'is not a path or an http(s) URL', url)
    }
  })

  test('an unknown component family', async ({ assert }) => {
    const sample = plugin({ components: { cells: ['rating'] } as any })
    assert.include((await bootRefusal(sample))!, '"cells" is not a component family')
  })

  test('a resource that is not a class', async ({ assert }) => {
    const sample = plugin({ resources: ['TagResource' as any] })
    assert.include(
      (await bootRefusal(sample))!,
      'resource #1 is not a resource class or a lazy import of one'
    )
  })

  test('two different plugins of one name', async ({ assert }) => {
    const words = (text: string) => ({ en: { 'twin.word': text } })
    registered.add('twin')
    const first = definePlugin({ name: 'twin', translations: words('One') })
    const second = definePlugin({ name: 'twin', translations: words('Two') })
    assert.isUndefined(await bootRefusal(first))
    /* the same plugin again (another panel) is fine */
    assert.isUndefined(await bootRefusal(first))
    assert.equal(
      await bootRefusal(second),
      'Two different plugins are named "twin": give one another name'
    )
  })
})

test.group('Plugins | what a plugin adds at boot', (group) => {
  group.teardown(forgetRegistered)

  test('its resources (and those register() adds) join the panel; its words the translator', async ({
    assert,
  }) => {
    const name = `words-${++sequence}`
    registered.add(name)
    const sample = definePlugin({
      name,
      locales: ['en', 'fr'],
      translations: {
        en: { [`${name}.stars`]: '{count, plural, one {# star} other {# stars}}' },
        fr: { [`${name}.stars`]: '{count, plural, one {# étoile} other {# étoiles}}' },
      },
      resources: [TagResource],
      register(registrar) {
        assert.equal(registrar.panelId, 'p')
        registrar.resources([() => import('../app/app/resources/note_resource.ts')])
        registrar.navigation([{ label: 'Docs', url: '/docs' }])
      },
    })
    const resolved = await configProvider.resolve<any>(
      app,
      defineConfig({ panels: [panel('p').resources([PostResource]).plugin(sample)] })
    )
    const [entry] = resolved.panels
    assert.deepEqual(
      entry.resources.map((resource: any) => resource.name),
      ['PostResource', 'TagResource', 'NoteResource']
    )
    assert.deepEqual(entry.pluginNavigation, [{ label: 'Docs', url: '/docs' }])

    assert.equal(translatorFor('en-US').t(`${name}.stars`, { count: 1 }), '1 star')
    assert.equal(translatorFor('fr-FR').t(`${name}.stars`, { count: 0 }), '0 étoile')
    assert.equal(translatorFor('fr-FR').t(`${name}.stars`, { count: 3 }), '3 étoiles')
    /* a language the plugin does not speak reads its English */
    assert.equal(translatorFor('de-DE').t(`${name}.stars`, { count: 2 }), '2 stars')
    assert.equal(
      translatorFor('fr-FR').strings()[`${name}.stars`],
      '{count, plural, one {# étoile} other {# étoiles}}'
    )
    /* the kit's own words are untouched */
    assert.equal(translatorFor('fr-FR').t('table.yes'), 'Oui')

    /* forgotten, the words leave the strings prop */
    forgetPluginTranslations(name)
    assert.notProperty(translatorFor('fr-FR').strings(), `${name}.stars`)
  })
})
