import { test } from '@japa/runner'
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import { I18nManager, defineConfig, formatters, loaders } from '@adonisjs/i18n'
import { en } from '../../src/i18n/en.ts'
import { fr } from '../../src/i18n/fr.ts'
import { KitTranslator, translatorFor } from '../../src/i18n/translator.ts'
import {
  fillTemplate,
  formatMessage,
  pluralRulesOf,
  translate,
} from '../../src/contracts/strings.ts'
import vine from '@vinejs/vine'
import { Rules } from '../../index.ts'
import { validateWith } from '../../src/runtime/validation/validator_cache.ts'

/**
 * The argument names of an ICU message (in its plural and select branches
 * too), sorted and without repeats.
 */
function placeholders(template: string): string[] {
  const names = new Set<string>()
  const walk = (text: string) => {
    let depth = 0
    let start = -1
    for (let index = 0; index < text.length; index++) {
      if (text[index] === '{' && depth++ === 0) start = index
      else if (text[index] === '}' && --depth === 0) {
        const argument = text.slice(start + 1, index)
        const [name, kind] = argument.split(',').map((part) => part.trim())
        names.add(name)
        if (kind === 'plural' || kind === 'select') {
          /* the branches: `one {…} other {…}` */
          const body = argument.slice(argument.indexOf(',', argument.indexOf(',') + 1) + 1)
          for (const branch of body.matchAll(
            /[\w=-]+\s*(\{(?:[^{}]|\{[^{}]*\}|\{(?:[^{}]|\{[^{}]*\})*\})*\})/g
          )) {
            walk(branch[1].slice(1, -1))
          }
        }
      }
    }
  }
  walk(template)
  return [...names].sort()
}

/**
 * A real `@adonisjs/i18n` manager reading `<dir>/<locale>/kit.json`.
 */
async function appI18n(files: Record<string, Record<string, string>>, fallbackLocale = 'en') {
  const location = await mkdtemp(join(tmpdir(), 'kit-i18n-'))
  for (const [locale, messages] of Object.entries(files)) {
    await mkdir(join(location, locale), { recursive: true })
    await writeFile(join(location, locale, 'kit.json'), JSON.stringify(messages))
  }
  const config = await defineConfig({
    defaultLocale: fallbackLocale,
    formatter: formatters.icu(),
    loaders: [loaders.fs({ location })],
  }).resolver(app)
  const manager = new I18nManager(emitter, config)
  await manager.loadTranslations()
  return { manager, cleanup: () => rm(location, { recursive: true, force: true }) }
}

test.group('Translations | the built-in catalogs', () => {
  test('French translates every English key with the same placeholders', ({ assert }) => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      assert.isString(fr[key], key)
      assert.isAbove(fr[key].length, 0, key)
      /* French may agree with the label's gender; nothing else is its own */
      assert.deepEqual(
        placeholders(fr[key]).filter((name) => name !== 'gender'),
        placeholders(en[key]),
        key
      )
    }
    assert.sameMembers(Object.keys(fr), Object.keys(en))
  })

  test('the panel locale picks the catalog; counts pick the plural form', ({ assert }) => {
    const french = translatorFor('fr-FR')
    assert.equal(french.t('table.empty'), 'Aucun enregistrement.')
    assert.equal(french.t('table.selected', { count: 1 }), '1 enregistrement sélectionné')
    assert.equal(french.t('table.selected', { count: 0 }), '0 enregistrement sélectionné')
    assert.equal(french.t('table.selected', { count: 3 }), '3 enregistrements sélectionnés')
    assert.equal(translatorFor('en-US').t('table.selected', { count: 1 }), '1 record selected')
    assert.equal(translatorFor('en-US').t('table.selected', { count: 0 }), '0 records selected')
    assert.equal(
      translatorFor('en-US').t('message.created', { label: 'Post', title: 'Hello' }),
      'Post "Hello" created'
    )
    /* a language without a catalog speaks English; a missing key shows itself */
    assert.equal(translatorFor('de-DE').t('action.delete'), 'Delete')
    assert.equal(translatorFor('fr').t('no.such.key'), 'no.such.key')
    /* translators without an application instance are shared per locale */
    assert.strictEqual(translatorFor('fr-FR'), translatorFor('fr-FR'))
  })

  test('the strings prop and the renderers translate the same way', ({ assert }) => {
    const strings = translatorFor('fr-FR').strings()
    /* every key of the kit (and the words of the plugins the application registered) */
    assert.includeMembers(Object.keys(strings), Object.keys(en))
    assert.equal(
      translate(strings, 'fr-FR', 'table.selected', { count: 2 }),
      '2 enregistrements sélectionnés'
    )
    assert.equal(
      translate(strings, 'fr-FR', 'pagination.range', { from: 1, to: 25, total: 120 }),
      '1 à 25 sur 120'
    )
    /* inherited object keys are not messages */
    assert.equal(translate(strings, 'fr-FR', 'toString'), 'toString')
    assert.equal(fillTemplate('{a} and {b}', { a: 1 }), '1 and {b}')
    assert.equal(fillTemplate('{constructor}', {}), '{constructor}')
  })
})

test.group('Translations | ICU messages and plurals', () => {
  test('plural and select arguments pick their branch by the locale rules', ({ assert }) => {
    const rows = 'Export ready: {count, plural, one {# row} other {# rows}}'
    assert.equal(formatMessage(rows, { count: 1 }, 'en'), 'Export ready: 1 row')
    assert.equal(formatMessage(rows, { count: 2 }, 'en'), 'Export ready: 2 rows')
    assert.equal(formatMessage(rows, { count: 0 }, 'en'), 'Export ready: 0 rows')
    /* # is the number in the locale's format */
    assert.equal(formatMessage(rows, { count: 12000 }, 'en'), 'Export ready: 12,000 rows')
    /* French: 0 and 1 are singular */
    const lignes = '{count, plural, one {# ligne} other {# lignes}}'
    assert.equal(formatMessage(lignes, { count: 0 }, 'fr'), '0 ligne')
    assert.equal(formatMessage(lignes, { count: 1 }, 'fr'), '1 ligne')
    assert.equal(formatMessage(lignes, { count: 1500 }, 'fr'), '1\u202f500 lignes')
    /* exact matches first; nested placeholders and selects inside branches */
    const refused = 'Done{failed, plural, =0 {.} one {, # refused.} other {, # refused.}}'
    assert.equal(formatMessage(refused, { failed: 0 }, 'en'), 'Done.')
    assert.equal(formatMessage(refused, { failed: 3 }, 'en'), 'Done, 3 refused.')
    const agreed =
      '{count, plural, one {# {singular} {gender, select, feminine {supprimée} other {supprimé}}} other {# {plural} {gender, select, feminine {supprimées} other {supprimés}}}}'
    assert.equal(
      formatMessage(
        agreed,
        { count: 2, singular: 'étiquette', plural: 'étiquettes', gender: 'feminine' },
        'fr'
      ),
      '2 étiquettes supprimées'
    )
    assert.equal(
      formatMessage(agreed, { count: 1, singular: 'article', gender: 'masculine' }, 'fr'),
      '1 article supprimé'
    )
    /* a missing or non-numeric argument leaves the message visible as written */
    assert.equal(formatMessage(rows, {}, 'en'), rows)
    assert.equal(formatMessage(rows, { count: 'many' }, 'en'), rows)
    assert.equal(formatMessage('{a, plural, one {x}', { a: 1 }, 'en'), '{a, plural, one {x}')
    /* plural rules are created once per locale */
    assert.strictEqual(pluralRulesOf('fr-FR'), pluralRulesOf('fr-FR'))
  })

  test('every count-bearing string of both catalogs is a plural message', ({ assert }) => {
    const counts = /\{(count|total|max|processed|failed|affected|refused)\}/
    for (const catalog of [en, fr]) {
      for (const [key, template] of Object.entries(catalog)) {
        /* a bare count beside a word is a plural waiting to go wrong ("1 rows") */
        if (counts.test(template)) {
          assert.oneOf(
            key,
            [
              'pagination.range',
              'pagination.rangeEstimated',
              'job.running',
              'job.stalled',
              'form.layout.step',
              'pagination.rangeWithoutTotal',
            ],
            `${key}: ${template}`
          )
        }
      }
    }
    const english = translatorFor('en-US')
    const french = translatorFor('fr-FR')
    assert.equal(english.t('job.export.completed', { processed: 1 }), 'Export ready: 1 row')
    assert.equal(english.t('job.export.completed', { processed: 2 }), 'Export ready: 2 rows')
    assert.equal(french.t('job.export.completed', { processed: 1 }), 'Export prêt : 1 ligne')
    assert.equal(
      french.t('job.bulk.completed', { processed: 1, failed: 0 }),
      'Terminé : 1 élément traité.'
    )
    assert.equal(
      french.t('job.bulk.completed', { processed: 2, failed: 1 }),
      'Terminé : 2 éléments traités, 1 refusé.'
    )
    assert.equal(
      english.t('confirm.bulk.delete', { count: 2, singular: 'post', plural: 'posts' }),
      'Delete 2 posts?'
    )
    assert.equal(
      french.t('confirm.bulk.delete', { count: 2, singular: 'article', plural: 'articles' }),
      'Supprimer 2 articles ?'
    )
    assert.equal(english.t('upload.error.count', { count: 1 }), 'At most 1 file')
  })
})

test.group('Translations | with @adonisjs/i18n', () => {
  test("the application's kit.* messages win in their locale", async ({ assert }) => {
    const { manager, cleanup } = await appI18n({
      fr: { 'table.empty': 'Rien à afficher' },
      de: { 'action.delete': 'Löschen' },
      en: { 'action.edit': 'Modify' },
    })
    try {
      const french = translatorFor('en-US', manager.locale('fr'))
      assert.equal(french.locale, 'fr')
      assert.equal(french.t('table.empty'), 'Rien à afficher')
      /* keys the application leaves alone come from the kit's French catalog */
      assert.equal(french.t('action.delete'), 'Supprimer')
      assert.equal(french.strings()['table.empty'], 'Rien à afficher')

      /* a locale the kit does not ship: the app's own, then its fallback, then English */
      const german = new KitTranslator('de', manager.locale('de'))
      assert.equal(german.t('action.delete'), 'Löschen')
      assert.equal(german.t('action.edit'), 'Modify')
      assert.equal(german.t('action.restore'), 'Restore')
    } finally {
      await cleanup()
    }
  })
})

test.group('Translations | validation messages', () => {
  class TitleRules extends Rules {
    rules() {
      return {
        title: vine.string().minLength(3),
        body: vine.string().maxLength(5),
        code: vine.string().regex(/^[A-Z]+$/),
      }
    }

    messages() {
      return { 'code.regex': 'Uppercase letters only' }
    }

    fields() {
      return { title: 'titre' }
    }
  }

  async function errors(translator?: KitTranslator, input: Record<string, unknown> = {}) {
    try {
      await validateWith(TitleRules, {
        operation: 'create',
        record: null,
        user: null,
        input: { title: 'ab', body: 'too long', code: 'abc', ...input },
        translator,
      })
    } catch (error) {
      return Object.fromEntries(
        (error as any).messages.map((m: any) => [m.field, m.message])
      ) as Record<string, string>
    }
    throw new Error('expected a validation error')
  }

  test('rule messages speak the request language; the Rules class still wins', async ({
    assert,
  }) => {
    assert.deepEqual(await errors(translatorFor('fr-FR')), {
      title: 'Le champ titre doit contenir au moins 3 caractères',
      body: 'Le champ body ne doit pas dépasser 5 caractères',
      code: 'Uppercase letters only',
    })
    /* English stays Vine's own */
    assert.deepEqual(await errors(translatorFor('en-US')), {
      title: 'The titre field must have at least 3 characters',
      body: 'The body field must not be greater than 5 characters',
      code: 'Uppercase letters only',
    })
    assert.deepEqual(await errors(), await errors(translatorFor('en-US')))
    const missing = await errors(translatorFor('fr'), { title: undefined })
    assert.equal(missing.title, 'Le champ titre est obligatoire')
  })

  test("the application's validator.shared.* translations come before the kit's", async ({
    assert,
  }) => {
    const location = await mkdtemp(join(tmpdir(), 'kit-i18n-'))
    await mkdir(join(location, 'fr'), { recursive: true })
    await writeFile(
      join(location, 'fr', 'validator.json'),
      JSON.stringify({ shared: { maxLength: '{{ field }} : {{ max }} caractères au plus' } })
    )
    try {
      const config = await defineConfig({
        defaultLocale: 'en',
        formatter: formatters.icu(),
        loaders: [loaders.fs({ location })],
      }).resolver(app)
      const manager = new I18nManager(emitter, config)
      await manager.loadTranslations()
      const messages = await errors(translatorFor('en-US', manager.locale('fr')))
      assert.equal(messages.body, 'body : 5 caractères au plus')
      assert.equal(messages.title, 'Le champ titre doit contenir au moins 3 caractères')
    } finally {
      await rm(location, { recursive: true, force: true })
    }
  })
})
