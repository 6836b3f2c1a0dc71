import { test } from '@japa/runner'
import { MarkdownEditor, Repeater, RichEditor, TextInput } from '../../index.ts'
import { sanitizedValue, textSanitizer } from '../../src/definitions/form/text_sanitizers.ts'
import { sanitizeTextFields } from '../../src/runtime/files/file_fields.ts'
import { sanitizeRichText } from '../../src/support/html_sanitizer.ts'

const HTML = '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror="y()"></p>'

test.group('Text sanitizers | rich text and Markdown wherever they go', () => {
  test('an attribute is sanitized by its field, or as rich text when declared so', ({ assert }) => {
    const fields = [RichEditor.make('body'), MarkdownEditor.make('notes'), TextInput.make('title')]
    assert.equal(sanitizedValue(textSanitizer(fields, 'body'), HTML), '<p>Hi</p>')
    assert.equal(
      sanitizedValue(textSanitizer(fields, 'notes'), '**a** <script>b</script>'),
      '**a** '
    )
    assert.isNull(textSanitizer(fields, 'title'))
    assert.equal(sanitizedValue(textSanitizer(fields, 'title'), HTML), HTML)
    assert.equal(sanitizedValue(textSanitizer([], 'summary', true), HTML), '<p>Hi</p>')
    /* only strings are sanitized */
    assert.isNull(sanitizedValue(textSanitizer(fields, 'body'), null))
    assert.equal(sanitizedValue(textSanitizer(fields, 'body'), 5), 5)
  })

  test("a repeater's rich text items are sanitized when stored and when read", ({ assert }) => {
    const repeater = Repeater.make('sections').schema([
      TextInput.make('heading'),
      RichEditor.make('content'),
    ])
    const data: Record<string, any> = {
      sections: [
        { heading: '<b>kept as text</b>', content: HTML },
        { heading: 'Two', content: null },
      ],
    }
    sanitizeTextFields([repeater], data)
    assert.deepEqual(data.sections, [
      { heading: '<b>kept as text</b>', content: '<p>Hi</p>' },
      { heading: 'Two', content: null },
    ])
    assert.deepEqual(repeater.items(JSON.stringify([{ heading: 'A', content: HTML }])), [
      { heading: 'A', content: sanitizeRichText(HTML) },
    ])
  })
})
