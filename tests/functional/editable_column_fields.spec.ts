import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { errors as vineErrors } from '@vinejs/vine'
import { createUser, snapshot, versionedBody, withDatabase, withVersion } from '../helpers.ts'
import Brochure from '../app/app/models/brochure.ts'
import BrochureRules from '../app/app/rules/brochure_rules.ts'
import {
  ColorPicker,
  Resource,
  TextInput,
  TextInputColumn,
  type Form,
  type Table,
} from '../../index.ts'
import { updateColumn } from '../../src/runtime/mutation/mutation_runner.ts'

const SCRIPT = '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror="steal()"></p>'

async function edit(client: ApiClient, user: any, key: number, column: string, value: unknown) {
  return client
    .patch(`/media/brochures/${key}/columns/${column}`)
    .json(await versionedBody(`/media/brochures/${key}/columns/${column}`, { value }))
    .withCsrfToken()
    .accept('json')
    .loginAs(user)
}

/**
 * Brochures whose title is a color picker in the form and whose photo URL
 * has no form field but a column declared rich.
 */
class ColumnBrochures extends Resource<typeof Brochure> {
  model = Brochure
  async canAccess() {
    return true
  }
  table(table: Table) {
    return table.columns([
      TextInputColumn.make('title'),
      TextInputColumn.make('photoUrl').richText(),
    ])
  }
  form(form: Form) {
    return form.schema([ColorPicker.make('title'), TextInput.make('notes')])
  }
  validation() {
    return BrochureRules
  }
}

test.group('Editable columns | the form field normalizes and sanitizes the value', (group) => {
  withDatabase(group)

  test('a rich text column stores the sanitized HTML, never the script', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Rich' })

    const response = await edit(client, admin, brochure.id, 'body', SCRIPT)
    response.assertStatus(200)
    await brochure.refresh()
    assert.equal(brochure.body, '<p>Hi</p>')
    assert.notInclude(brochure.body!, 'script')
    assert.notInclude(brochure.body!, 'onerror')
    assert.notInclude(brochure.body!, 'onclick')
  })

  test('a Markdown column stores the source without raw HTML', async ({ client, assert }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: 'Markdown' })

    const response = await edit(
      client,
      admin,
      brochure.id,
      'notes',
      '# Title\n\n<script>alert(1)</script>*kept*'
    )
    response.assertStatus(200)
    await brochure.refresh()
    assert.include(brochure.notes!, '# Title')
    assert.include(brochure.notes!, '*kept*')
    assert.notInclude(brochure.notes!, '<script')
  })

  test('a column declared richText() without a form field is sanitized too', async ({ assert }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: '#112233' })
    await updateColumn(
      new ColumnBrochures(),
      { user: admin },
      brochure.id,
      'photoUrl',
      await withVersion(ColumnBrochures, brochure.id, {
        value: '<b>x</b><script>alert(1)</script>',
      })
    )
    await brochure.refresh()
    assert.equal(brochure.photoUrl, '<b>x</b>')
  })

  test('the field normalizes the value (a lower-case color) or refuses it: a field error, the row unchanged', async ({
    assert,
  }) => {
    const admin = await createUser({ isAdmin: true })
    const brochure = await Brochure.create({ title: '#112233' })
    const before = await snapshot(Brochure)

    const refused = await updateColumn(
      new ColumnBrochures(),
      { user: admin },
      brochure.id,
      'title',
      await withVersion(ColumnBrochures, brochure.id, { value: '<script>alert(1)</script>' })
    ).catch((error) => error)
    assert.instanceOf(refused, vineErrors.E_VALIDATION_ERROR)
    assert.deepEqual(
      refused.messages.map((message: any) => [message.field, message.rule]),
      [['title', 'color']]
    )
    assert.deepEqual(await snapshot(Brochure), before)

    await updateColumn(
      new ColumnBrochures(),
      { user: admin },
      brochure.id,
      'title',
      await withVersion(ColumnBrochures, brochure.id, { value: ' #ABCDEF ' })
    )
    await brochure.refresh()
    assert.equal(brochure.title, '#abcdef')
  })
})
