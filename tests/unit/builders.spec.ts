import { test } from '@japa/runner'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { buildForm, buildTable } from '../../src/definitions/table/builders.ts'
import { Table } from '../../src/definitions/table/table.ts'
import { Form } from '../../src/definitions/form/form.ts'
import { TextColumn } from '../../src/definitions/table/columns/text_column.ts'
import { TextInput } from '../../src/definitions/form/fields/text_input.ts'
import { Resource } from '../../src/definitions/resource/resource.ts'
import { KitBuilderException } from '../../src/support/errors.ts'

class Gadget extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string
}

class FreshResource extends Resource<typeof Gadget> {
  model = Gadget

  table(table: Table) {
    return table.columns([TextColumn.make('name').sortable()]).defaultSort('name', 'desc')
  }

  form(form: Form) {
    return form.columns(2).schema([TextInput.make('name').required()])
  }
}

class DefaultBuildersResource extends Resource<typeof Gadget> {
  model = Gadget
}

class CachingTableResource extends Resource<typeof Gadget> {
  model = Gadget
  #table?: Table

  table(table: Table) {
    this.#table ??= table.columns([TextColumn.make('name')])
    return this.#table
  }
}

class CachingFormResource extends Resource<typeof Gadget> {
  model = Gadget
  #form?: Form

  form(form: Form) {
    this.#form ??= form.schema([TextInput.make('name')])
    return this.#form
  }
}

class ReplacementTableResource extends Resource<typeof Gadget> {
  model = Gadget

  table(_table: Table) {
    return new Table().columns([TextColumn.make('name')])
  }
}

class ReplacementFormResource extends Resource<typeof Gadget> {
  model = Gadget

  form(_form: Form) {
    return new Form().schema([TextInput.make('name')])
  }
}

class ForgetfulTableResource extends Resource<typeof Gadget> {
  model = Gadget

  table(table: Table): Table {
    table.columns([TextColumn.make('name')])
    return undefined as any
  }
}

class ForgetfulFormResource extends Resource<typeof Gadget> {
  model = Gadget

  form(form: Form): Form {
    form.schema([TextInput.make('name')])
    return undefined as any
  }
}

class ConfusedResource extends Resource<typeof Gadget> {
  model = Gadget

  table(_table: Table): Table {
    return new Form() as any
  }

  form(_form: Form): Form {
    return {} as any
  }
}

function refusal(callback: () => unknown) {
  try {
    callback()
    return undefined
  } catch (error) {
    return error as KitBuilderException
  }
}

test.group('builders | buildTable', () => {
  test('accepts the fresh builder and returns it configured', ({ assert }) => {
    const table = buildTable(new FreshResource())
    assert.instanceOf(table, Table)
    assert.deepEqual(
      table.getColumns().map(({ name }) => name),
      ['name']
    )
    assert.deepEqual(table.getDefaultSort(), { column: 'name', direction: 'desc' })
  })

  test('hands a new builder to every call', ({ assert }) => {
    const resource = new FreshResource()
    assert.notStrictEqual(buildTable(resource), buildTable(resource))
  })

  test('accepts the default table()', ({ assert }) => {
    assert.deepEqual(buildTable(new DefaultBuildersResource()).getColumns(), [])
  })

  test('refuses a cached builder on the second call', ({ assert }) => {
    const resource = new CachingTableResource()
    assert.doesNotThrow(() => buildTable(resource))

    const error = refusal(() => buildTable(resource))
    assert.instanceOf(error, KitBuilderException)
    assert.equal(error!.code, 'E_KIT_BUILDER')
    assert.equal(error!.status, 500)
    assert.include(error!.message, 'CachingTableResource.table()')
    assert.include(error!.message, 'another (cached or replacement) builder')
  })

  test('refuses a replacement new Table()', ({ assert }) => {
    const error = refusal(() => buildTable(new ReplacementTableResource()))
    assert.instanceOf(error, KitBuilderException)
    assert.equal(error!.code, 'E_KIT_BUILDER')
    assert.include(error!.message, 'ReplacementTableResource.table()')
  })

  test('refuses undefined', ({ assert }) => {
    const error = refusal(() => buildTable(new ForgetfulTableResource()))
    assert.instanceOf(error, KitBuilderException)
    assert.include(error!.message, 'ForgetfulTableResource.table()')
    assert.include(error!.message, 'it returned undefined')
  })

  test('refuses a builder of the wrong kind', ({ assert }) => {
    const error = refusal(() => buildTable(new ConfusedResource()))
    assert.instanceOf(error, KitBuilderException)
    assert.include(error!.message, 'ConfusedResource.table()')
  })
})

test.group('builders | buildForm', () => {
  test('accepts the fresh builder and returns it configured', ({ assert }) => {
    const form = buildForm(new FreshResource())
    assert.instanceOf(form, Form)
    assert.equal(form.getColumns(), 2)
    assert.deepEqual(
      form.getFields().map((field) => field.name),
      ['name']
    )
  })

  test('accepts the default form()', ({ assert }) => {
    assert.deepEqual(buildForm(new DefaultBuildersResource()).getFields(), [])
  })

  test('refuses a cached builder on the second call', ({ assert }) => {
    const resource = new CachingFormResource()
    assert.doesNotThrow(() => buildForm(resource))

    const error = refusal(() => buildForm(resource))
    assert.instanceOf(error, KitBuilderException)
    assert.equal(error!.code, 'E_KIT_BUILDER')
    assert.include(error!.message, 'CachingFormResource.form()')
    assert.include(error!.message, 'another (cached or replacement) builder')
  })

  test('refuses a replacement new Form()', ({ assert }) => {
    const error = refusal(() => buildForm(new ReplacementFormResource()))
    assert.instanceOf(error, KitBuilderException)
    assert.include(error!.message, 'ReplacementFormResource.form()')
  })

  test('refuses undefined', ({ assert }) => {
    const error = refusal(() => buildForm(new ForgetfulFormResource()))
    assert.instanceOf(error, KitBuilderException)
    assert.include(error!.message, 'ForgetfulFormResource.form()')
    assert.include(error!.message, 'it returned undefined')
  })

  test('refuses a plain object', ({ assert }) => {
    const error = refusal(() => buildForm(new ConfusedResource()))
    assert.instanceOf(error, KitBuilderException)
    assert.include(error!.message, 'ConfusedResource.form()')
    assert.match(error!.message, /it returned an? object/)
  })
})
