import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import { ResourceMount } from '../../src/runtime/mounts/resource_mount.ts'
import { Resource } from '../../src/definitions/resource/resource.ts'
import { type Form } from '../../src/definitions/form/form.ts'
import { Select } from '../../src/definitions/form/fields/select.ts'
import { TextInput } from '../../src/definitions/form/fields/text_input.ts'
import { Rules } from '../../src/definitions/validation/rules.ts'
import { KitConfigurationException } from '../../src/support/errors.ts'
import { Book } from '../helpers.ts'
import BookRules from '../app/app/rules/book_rules.ts'
import PublisherRules from '../app/app/rules/publisher_rules.ts'

class TitleOnlyRules extends Rules {
  rules() {
    return { title: vine.string() }
  }
}

function resourceWith(field: Select, rules: typeof BookRules | typeof TitleOnlyRules = BookRules) {
  return class extends Resource<typeof Book> {
    model = Book
    slug = 'configured-books'
    form(form: Form) {
      return form.schema([TextInput.make('title'), field])
    }
    validation() {
      return rules
    }
  }
}

function refusal(field: Select, rules?: typeof BookRules | typeof TitleOnlyRules) {
  const ResourceClass = resourceWith(field, rules)
  try {
    new ResourceMount(new ResourceClass(), {
      panelId: 'x',
      prefix: '/x',
      name: 'kit.x',
      middleware: [],
      mutationMiddleware: [],
      resolveUser: () => null,
    })
    return undefined
  } catch (error) {
    return error as Error
  }
}

test.group('Selects | configuration refused at boot', () => {
  test('{name}')
    .with([
      {
        name: 'unknown relationship',
        field: () => Select.make('publisherId').relationship('owner', 'name'),
        message: '"owner" is not a relationship of Book',
      },
      {
        name: 'belongsTo select not named after its foreign key',
        field: () => Select.make('publisher').relationship('publisher', 'name'),
        message: 'name the field "publisherId"',
      },
      {
        name: 'manyToMany select not named after its relationship',
        field: () => Select.make('genreIds').relationship('genres', 'name'),
        message: 'name the field "genres"',
      },
      {
        name: 'label column that is not a column',
        field: () => Select.make('publisherId').relationship('publisher', 'title'),
        message: 'label column "title" is not a column of Publisher',
      },
      {
        name: 'search callback without a label resolver',
        field: () => Select.make('country').getSearchResultsUsing(() => ({})),
        message: 'needs getOptionLabelUsing() or getOptionLabelsUsing()',
      },
      {
        name: 'pivot data on a belongsTo select',
        field: () =>
          Select.make('publisherId').relationship('publisher', 'name').pivotData({ a: 1 }),
        message: 'pivotData() needs a manyToMany relationship()',
      },
      {
        name: 'option form without relationship or callback',
        field: () =>
          Select.make('country')
            .options({ FR: 'France' })
            .createOptionForm([TextInput.make('name')], PublisherRules),
        message: 'needs a relationship() or a createOptionUsing() callback',
      },
      {
        name: 'edit option form without relationship',
        field: () =>
          Select.make('country')
            .options({ FR: 'France' })
            .editOptionForm([TextInput.make('name')], PublisherRules),
        message: 'editOptionForm() needs a relationship()',
      },
    ])
    .run(({ assert }, { field, message }) => {
      const error = refusal(field())
      assert.instanceOf(error, KitConfigurationException)
      assert.include(error!.message, 'select "')
      assert.include(error!.message, message)
    })

  test('a relationship select needs a rule in the validation class', ({ assert }) => {
    const error = refusal(Select.make('genres').relationship('genres', 'name'), TitleOnlyRules)
    assert.instanceOf(error, KitConfigurationException)
    assert.include(error!.message, 'must declare a rule for "genres"')
  })

  test('searchDebounce() takes milliseconds from 0 to 10000', ({ assert }) => {
    assert.throws(() => Select.make('a').searchDebounce(-1), /from 0 to 10000/)
    assert.throws(() => Select.make('a').searchDebounce(1.5), /from 0 to 10000/)
    assert.doesNotThrow(() => Select.make('a').searchDebounce(500))
  })

  test('a well-formed select mounts', ({ assert }) => {
    assert.isUndefined(
      refusal(Select.make('genres').relationship('genres', 'name').preload().pivotData({}))
    )
  })
})
