import { test } from '@japa/runner'
import { TextInput } from '../../src/definitions/form/fields/text_input.ts'
import { Select } from '../../src/definitions/form/fields/select.ts'
import { Password } from '../../src/definitions/form/fields/password.ts'
import type { Field } from '../../src/definitions/form/fields/field.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import { fieldKit } from '../../src/runtime/form/field_kit.ts'
import { prepareFieldInput } from '../../src/runtime/form/field_input.ts'
import { readStateRequest, resolveFormState } from '../../src/runtime/form/live_state.ts'
import Ticket from '../app/app/models/ticket.ts'

type Values = { kind: string; title: string; slug: string; url: string; city: string }

const CITIES: Record<string, Record<string, string>> = {
  fr: { paris: 'Paris', lyon: 'Lyon' },
  de: { berlin: 'Berlin' },
}

/** A form: the title sets the slug; the kind hides, requires and disables; the country picks cities */
function fields(): Field[] {
  return [
    TextInput.make('title')
      .live({ onBlur: true })
      .afterStateUpdated<Values & { secret: string; missing: string }>(
        ({ state, old, get, set, user }) => {
          set('slug', `${String(state).toLowerCase().replaceAll(' ', '-')}:${String(old)}`)
          set('secret', 'leaked')
          set('missing', 'x')
          if (user) set('url', `by ${user.id}`)
          if (get('kind') === 'link') set('city', 'lyon')
        }
      ),
    TextInput.make('slug').disabled<Values>(({ get }) => get('kind') === 'locked'),
    Select.make('kind').options(['post', 'link', 'locked']).live(),
    TextInput.make('url')
      .hidden<Values>(({ get }) => get('kind') !== 'link')
      .required<Values>(({ get }) => get('kind') === 'link'),
    Select.make('country').options({ fr: 'France', de: 'Germany' }).live(),
    Select.make('city').options<{ country: string }>(({ get }) => CITIES[get('country')] ?? {}),
    TextInput.make('internal').readOnly(),
    Password.make('secret'),
  ]
}

const context = { user: { id: 7 } }
const kit = () =>
  fieldKit(Ticket, context, { pageUrl: '/live/tickets/create', optionUrl: (name) => `/o/${name}` })

test.group('Live fields | the state resolver', () => {
  test("runs the changed field's hooks with state, old, get, set and the user", async ({
    assert,
  }) => {
    const answer = await resolveFormState(
      fields(),
      {
        values: { title: 'Hello World', kind: 'link', country: 'fr' },
        changed: 'title',
        old: 'Hi',
      },
      null,
      context,
      kit()
    )
    /* set() of a password and of a field the form does not have is dropped */
    assert.deepEqual(answer.values, { slug: 'hello-world:Hi', url: 'by 7', city: 'lyon' })
    const url = answer.fields.find((field) => field.name === 'url')!
    assert.isTrue(url.required)
    assert.deepInclude(url.visibleWhen!, { field: 'url', values: null, initial: true })
    const city = answer.fields.find((field) => field.name === 'city')!
    assert.deepEqual((city as { options: unknown }).options, [
      { value: 'paris', label: 'Paris' },
      { value: 'lyon', label: 'Lyon' },
    ])
  })

  test('a field that is not live, unknown, read-only or disabled runs no hook', async ({
    assert,
  }) => {
    for (const changed of ['slug', 'nothing', 'internal', 'secret']) {
      const answer = await resolveFormState(
        fields(),
        { values: { title: 'Hello', [changed]: 'x' }, changed, old: null },
        null,
        context,
        kit()
      )
      assert.deepEqual(answer.values, {}, changed)
    }
    /* the title itself, disabled by nothing, but the state says the slug is disabled */
    const locked = await resolveFormState(
      fields(),
      { values: { title: 'Hello', kind: 'locked' }, changed: 'title', old: null },
      null,
      context,
      kit()
    )
    assert.isTrue(locked.fields.find((field) => field.name === 'slug')!.disabled)
  })

  test('posted values of read-only and hidden fields never reach a closure', async ({ assert }) => {
    const seen: unknown[] = []
    const form = [
      TextInput.make('title')
        .live()
        .afterStateUpdated(({ get }) => {
          seen.push(get('internal'), get('url'), get('hiddenOne'))
        }),
      TextInput.make('internal').readOnly().default('stored'),
      TextInput.make('url').hidden(() => true),
    ]
    await resolveFormState(
      form,
      {
        values: { title: 'x', internal: 'forged', url: 'forged', hiddenOne: 'forged' },
        changed: 'title',
        old: null,
      },
      null,
      context,
      kit()
    )
    assert.deepEqual(seen, ['stored', null, undefined])
  })

  test('a malformed request is a validation error', ({ assert }) => {
    assert.throws(() => readStateRequest({ values: 'x' }, context), 'Validation failure')
    assert.throws(() => readStateRequest({ changed: 1 }, context), 'Validation failure')
    assert.deepEqual(readStateRequest(null, context), { values: {}, changed: null, old: null })
  })

  test('live() refuses a debounce out of range', ({ assert }) => {
    assert.throws(() => TextInput.make('title').live({ debounce: -1 }), KitConfigurationException)
    assert.throws(() => TextInput.make('title').live({ debounce: 1.5 }), KitConfigurationException)
    assert.deepEqual(TextInput.make('title').live().getLive(), { onBlur: false, debounce: 300 })
  })
})

test.group('Live fields | the submission against the resolved state', () => {
  test('a field hidden by its closure is not written, one required by its closure is required', ({
    assert,
  }) => {
    const post = prepareFieldInput(fields(), { title: 'A', kind: 'post', url: 'http://x' }, null)
    assert.notProperty(post.input, 'url')
    assert.isTrue(post.excluded.has('url'))
    assert.deepEqual(post.messages, [])

    const link = prepareFieldInput(fields(), { title: 'A', kind: 'link' }, null)
    assert.deepEqual(
      link.messages.map((message) => [message.field, message.rule]),
      [['url', 'required']]
    )
  })

  test('a field disabled by its closure is not written; options follow the state', ({ assert }) => {
    const locked = prepareFieldInput(fields(), { kind: 'locked', slug: 'forged' }, null)
    assert.notProperty(locked.input, 'slug')

    const good = prepareFieldInput(fields(), { country: 'fr', city: 'paris' }, null)
    assert.equal(good.input.city, 'paris')
    const wrong = prepareFieldInput(fields(), { country: 'de', city: 'paris' }, null)
    assert.deepEqual(
      wrong.messages.map((message) => [message.field, message.rule]),
      [['city', 'select']]
    )
    /* the user reaches the closures on submit too */
    const form = [TextInput.make('note').required(({ user }) => user?.id === 7)]
    assert.lengthOf(prepareFieldInput(form, {}, null, { id: 7 }).messages, 1)
    assert.lengthOf(prepareFieldInput(form, {}, null, { id: 8 }).messages, 0)
  })
})
