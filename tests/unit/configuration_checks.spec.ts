import { test } from '@japa/runner'
import {
  CheckboxList,
  FileUpload,
  MarkdownEditor,
  PageTab,
  Repeater,
  TagsInput,
  TextInput,
  Textarea,
} from '../../index.ts'
import { GlobalSearch } from '../../src/runtime/search/global_search.ts'

/**
 * What a declaration asks for that cannot apply is refused when it is
 * declared (E_KIT_CONFIG), never clamped or silently ignored.
 */
test.group('Configuration checks | refused, never clamped', () => {
  test('a page tab key must be an identifier', ({ assert }) => {
    for (const key of ['not a name', '', ' all', '1st', 'a/b', 'tab?x=1', 'é', '-x']) {
      assert.throws(() => PageTab.make(key), /PageTab key .* must start with a letter/, key)
    }
    for (const key of ['all', 'drafts', 'in-review', 'by_author', 'Q1']) {
      assert.equal(PageTab.make(key).key, key)
    }
    try {
      PageTab.make('not a name')
      assert.fail('accepted')
    } catch (error: any) {
      assert.equal(error.code, 'E_KIT_CONFIG')
    }
  })

  test('a page tab label must not be blank', ({ assert }) => {
    for (const label of ['', ' ', '\t\n', '\u00a0', null, 42]) {
      assert.throws(
        () => PageTab.make('drafts').label(label as string),
        /PageTab "drafts": the label .* is blank/,
        JSON.stringify(label)
      )
    }
    assert.equal(PageTab.make('drafts').label('In draft').getLabel(), 'In draft')
    assert.equal(PageTab.make('in-review').getLabel(), 'In review')
  })

  test('a global search limit must be a whole number from 1 to 50', async ({ assert }) => {
    for (const limit of [0, -1, 2.5, 51, 1000, Number.NaN, Infinity, '5']) {
      await assert.rejects(
        () => GlobalSearch.across([]).search('term', null, { limit: limit as number }),
        /GlobalSearch: limit takes a whole number from 1 to 50/
      )
      /* refused whatever the term, before any query */
      await assert.rejects(
        () => GlobalSearch.across([]).search('', null, { limit: limit as number }),
        /GlobalSearch: limit/
      )
    }
    for (const limit of [1, 5, 50, undefined]) {
      const result = await GlobalSearch.across([]).search('term', null, { limit })
      assert.deepEqual(result.groups, [])
    }
  })

  test('field sizes and counts are whole numbers in range', ({ assert }) => {
    const refused: [string, () => unknown][] = [
      ['Repeater maxItems 0', () => Repeater.make('items').maxItems(0)],
      ['Repeater maxItems 101', () => Repeater.make('items').maxItems(101)],
      ['Repeater maxItems 2.5', () => Repeater.make('items').maxItems(2.5)],
      ['Repeater minItems -1', () => Repeater.make('items').minItems(-1)],
      ['TagsInput maxItems 0', () => TagsInput.make('tags').maxItems(0)],
      ['TagsInput maxLength -3', () => TagsInput.make('tags').maxLength(-3)],
      ['TextInput maxLength 0', () => TextInput.make('title').maxLength(0)],
      ['TextInput maxLength NaN', () => TextInput.make('title').maxLength(Number.NaN)],
      ['Textarea rows 0', () => Textarea.make('body').rows(0)],
      ['Textarea maxLength 1.5', () => Textarea.make('body').maxLength(1.5)],
      ['MarkdownEditor rows -1', () => MarkdownEditor.make('body').rows(-1)],
      ['CheckboxList columns 13', () => CheckboxList.make('days').columns(13)],
      ['FileUpload multiple max 0', () => FileUpload.make('files').multiple(true, 0)],
      ['FileUpload multiple max 1.5', () => FileUpload.make('files').multiple(true, 1.5)],
    ]
    for (const [what, declare] of refused) {
      assert.throws(declare, /takes a whole number/, what)
    }
    Repeater.make('items').minItems(0).maxItems(100)
    TagsInput.make('tags').maxItems(5).maxLength(20)
    TextInput.make('title').maxLength(255)
    Textarea.make('body').rows(4).maxLength(1000)
    MarkdownEditor.make('body').rows(8)
    CheckboxList.make('days').columns(3)
    FileUpload.make('files').multiple(true, 3)
  })
})
