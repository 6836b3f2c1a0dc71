/*
 * The registries at run time, drawn on the server (react-dom/server,
 * vue/server-renderer). Type-checked with the renderers
 * (tsconfig.renderers.json), as every file of tests/unit/renderers.
 */
import type {} from '@japa/assert'
import { test } from '@japa/runner'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createSSRApp, h } from 'vue'
import { renderToString } from 'vue/server-renderer'
import type { InfolistEntryContract } from '../../../src/contracts/main.ts'
import { fr } from '../../../src/i18n/fr.ts'
import { entryType } from '../../../src/renderers/registry.ts'
import * as react from '../../../src/react/registry.tsx'
import { KitTextProvider } from '../../../src/react/text.tsx'
import * as vue from '../../../src/vue/registry.ts'
import { provideText } from '../../../src/vue/text.ts'

/**
 * Collect what `console.warn` receives while `run` runs.
 */
async function warnings(run: () => unknown): Promise<string[]> {
  const seen: string[] = []
  const original = console.warn
  console.warn = (...args: unknown[]) => seen.push(args.join(' '))
  try {
    await run()
  } finally {
    console.warn = original
  }
  return seen
}

function reactMarkup(type: string) {
  return renderToStaticMarkup(
    createElement(KitTextProvider, {
      strings: fr,
      locale: 'fr',
      children: react.renderKitComponent('columns', type, { column: { type }, row: {} }),
    })
  )
}

async function vueMarkup(type: string) {
  const app = createSSRApp({
    setup() {
      provideText(() => ({ strings: fr, locale: 'fr' }))
      return () => vue.renderKitComponent('columns', type, { column: { type }, row: {} })
    },
  })
  return renderToString(app)
}

test.group('Component registries | at run time', () => {
  test('an unregistered type draws a translated placeholder and is logged once (React)', async ({
    assert,
  }) => {
    const logged = await warnings(() => {
      assert.equal(
        reactMarkup('sparkline'),
        '<span class="kit-missing-component" role="note">Aucun composant n’est enregistré pour le type de colonne « sparkline ».</span>'
      )
      reactMarkup('sparkline')
    })
    assert.deepEqual(logged, [
      'adonis-kit: no columns component is registered for the type "sparkline"; register one with registerKitComponents()',
    ])
  })

  test('an unregistered type draws a translated placeholder and is logged once (Vue)', async ({
    assert,
  }) => {
    const logged = await warnings(async () => {
      assert.equal(
        await vueMarkup('heatmap'),
        '<span class="kit-missing-component" role="note">Aucun composant n’est enregistré pour le type de colonne « heatmap ».</span>'
      )
      await vueMarkup('heatmap')
    })
    assert.lengthOf(logged, 1)
    assert.include(logged[0], '"heatmap"')
  })

  test('a registered component draws the type, in both renderers', async ({ assert }) => {
    /* a column type the contracts do not declare (a plugin's, without its augmentation) */
    react.registerKitComponents({
      columns: {
        rating: ({ column }: { column: { name: string } }) =>
          createElement('meter', { title: column.name }),
      },
    } as never)
    vue.registerKitComponents({
      columns: {
        rating: vue.renderComponent((props: { column: { name: string } }) =>
          h('meter', { title: props.column.name })
        ),
      },
    } as never)
    const props = { column: { type: 'rating', name: 'stars' }, row: {} }
    assert.equal(
      renderToStaticMarkup(react.renderKitComponent('columns', 'rating', props) as never),
      '<meter title="stars"></meter>'
    )
    const app = createSSRApp({ render: () => vue.renderKitComponent('columns', 'rating', props) })
    assert.equal(await renderToString(app), '<meter title="stars"></meter>')
  })

  test('entry kinds: the type the server sends, else the members the entry carries', ({
    assert,
  }) => {
    const base: InfolistEntryContract = { name: 'a', label: 'A', value: 'x' }
    assert.equal(entryType(base), 'text')
    assert.equal(entryType({ ...base, type: 'keyValue' }), 'keyValue')
    assert.equal(entryType({ ...base, image: { size: 40, circular: false, urls: [] } }), 'image')
    assert.equal(entryType({ ...base, html: null }), 'html')
    assert.equal(entryType({ ...base, value: null, items: [] }), 'repeatable')
    assert.equal(entryType({ ...base, value: null, keyValue: [] }), 'keyValue')
    assert.equal(entryType({ ...base, icon: { icon: 'check', color: 'green' } }), 'icon')
    /* an icon entry whose value has no icon shows its text */
    assert.equal(entryType({ ...base, icon: null }), 'text')
    assert.equal(entryType({ ...base, color: null }), 'color')
    assert.equal(entryType({ ...base, badge: { color: 'gray' } }), 'badge')
    /* a badge without a value shows the empty value as text */
    assert.equal(entryType({ ...base, value: null, badge: { color: 'gray' } }), 'text')
  })
})
