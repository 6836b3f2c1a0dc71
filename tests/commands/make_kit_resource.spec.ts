import { test } from '@japa/runner'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import MakeKitResource from '../../commands/make_kit_resource.ts'
import { KIT_CONFIG, aceFor, createFixtureApp } from '../generator_fixture.ts'

/**
 * Every file below a folder, relative to it, sorted.
 */
async function filesIn(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true }).catch(
    () => []
  )
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort()
}

async function run(root: string, args: string[]) {
  const ace = await aceFor(root, db)
  const command = await ace.create(MakeKitResource, args)
  await command.exec()
  if (process.env.DEBUG_COMMANDS) console.log(command.logger.getLogs(), command.error)
  return command
}

test.group('make:kit-resource | files', () => {
  test('creates the resource, its pages and its Rules class and registers the resource', async ({
    fs,
    assert,
  }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'] })
    const command = await run(fs.basePath, ['Gadget'])

    command.assertSucceeded()
    command.assertLog('green(DONE:)    create app/resources/gadget_resource.ts')
    command.assertLog('green(DONE:)    create app/rules/gadget_rules.ts')
    command.assertLog('green(DONE:)    register resource in config/kit.ts')
    assert.deepEqual(await filesIn(fs.basePath, 'app/resources'), [
      'app/resources/gadget/pages/create_gadget.ts',
      'app/resources/gadget/pages/edit_gadget.ts',
      'app/resources/gadget/pages/list_gadgets.ts',
      'app/resources/gadget_resource.ts',
    ])
    await assert.fileContains('app/resources/gadget_resource.ts', [
      `import Gadget from '#models/gadget'`,
      `import GadgetRules from '#rules/gadget_rules'`,
      `import ListGadgets from '#resources/gadget/pages/list_gadgets'`,
      'export default class GadgetResource extends Resource<typeof Gadget> {',
      '  model = Gadget',
      `  // policy = () => import('#policies/gadget_policy')`,
      `      index: ListGadgets.route('/'),`,
      `      create: CreateGadget.route('/create'),`,
      `      edit: EditGadget.route('/:record/edit'),`,
      'DeleteBulkAction.make()',
      'return GadgetRules',
    ])
    await assert.fileContains('app/resources/gadget/pages/list_gadgets.ts', [
      `import { ListRecords } from 'adonis-kit'`,
      'export default class ListGadgets extends ListRecords {',
      '  resource = GadgetResource',
    ])
    await assert.fileContains('app/resources/gadget/pages/edit_gadget.ts', 'extends EditRecord')
    await assert.fileContains('app/resources/gadget/pages/create_gadget.ts', 'extends CreateRecord')
    await assert.fileContains('app/rules/gadget_rules.ts', [
      'export default class GadgetRules extends Rules {',
    ])
    await assert.fileNotContains('app/rules/gadget_rules.ts', '@vinejs/vine')
    await assert.fileContains(
      'config/kit.ts',
      `.resources([() => import('#resources/gadget_resource')])`
    )
  })

  test('declares the policy when app/policies has one for the model', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'], policies: ['gadget_policy'] })
    const command = await run(fs.basePath, ['gadget'])
    command.assertSucceeded()
    await assert.fileContains(
      'app/resources/gadget_resource.ts',
      `  policy = () => import('#policies/gadget_policy')`
    )
  })

  test('without config/kit.ts the files are written and the registration is explained', async ({
    fs,
    assert,
  }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'], kitConfig: false })
    const command = await run(fs.basePath, ['Gadget'])
    command.assertSucceeded()
    command.assertLogMatches(
      /config\/kit\.ts does not exist; add \(\) => import\('#resources\/gadget_resource'\)/
    )
    await assert.fileExists('app/resources/gadget_resource.ts')
    await assert.fileNotExists('config/kit.ts')
  })
})

test.group('make:kit-resource | --generate', () => {
  test('maps every column type of the table onto fields, columns and rules', async ({
    fs,
    assert,
  }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'] })
    const command = await run(fs.basePath, ['Gadget', '--generate'])
    command.assertSucceeded()

    const resource = await readFile(join(fs.basePath, 'app/resources/gadget_resource.ts'), 'utf-8')
    const form = resource.slice(
      resource.indexOf('form(form: Form)'),
      resource.indexOf('validation()')
    )
    const table = resource.slice(
      resource.indexOf('table(table: Table)'),
      resource.indexOf('form(form')
    )

    /* the form, in table order, keys and framework columns left out */
    assert.deepEqual(
      form
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => /^[A-Z]\w+\.make/.test(line)),
      [
        `TextInput.make('name').required().maxLength(120),`,
        `TextInput.make('sku').maxLength(40),`,
        `TextInput.make('contactEmail').email().maxLength(255),`,
        `Textarea.make('description'),`,
        `Toggle.make('isActive'),`,
        `Toggle.make('isFeatured').required(),`,
        `TextInput.make('stock').required().numeric(),`,
        `TextInput.make('views').numeric(),`,
        `TextInput.make('price').numeric(),`,
        `TextInput.make('weight').numeric(),`,
        `DatePicker.make('releasedOn'),`,
        `DateTimePicker.make('availableAt'),`,
        `DateTimePicker.make('checkedAt'),`,
        `Select.make('ownerId').relationship('owner', 'fullName').searchable(),`,
        `KeyValue.make('specs'),`,
      ]
    )

    /* a foreign key with a belongsTo relationship: a select of the related
       records, listed by their name */
    assert.include(table, `TextColumn.make('owner.fullName').label('Owner'),`)

    /* a filter for each boolean and date column */
    assert.deepEqual(
      table
        .slice(table.indexOf('.filters(['), table.indexOf('.bulkActions(['))
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => /^[A-Z]\w+\.make/.test(line)),
      [
        `TernaryFilter.make('isActive'),`,
        `TernaryFilter.make('isFeatured'),`,
        `DateRangeFilter.make('releasedOn'),`,
        `DateRangeFilter.make('availableAt'),`,
        `DateRangeFilter.make('checkedAt'),`,
      ]
    )

    /* JSON is edited as key-value rows, never listed */
    assert.notInclude(table, `'specs'`)
    /* long text is a plain textarea: rich text is the developer's opt-in */
    assert.notInclude(resource, 'RichEditor')
    assert.notInclude(resource, 'MarkdownEditor')

    /* the table: long text left out, the first string column searchable */
    assert.include(table, `TextColumn.make('name').searchable().sortable(),`)
    assert.include(table, `TextColumn.make('sku').sortable(),`)
    assert.notInclude(table, `'description'`)
    assert.notInclude(table, `TextColumn.make('sku').searchable()`)
    /* boolean columns are cast in the contract (SQLite and MySQL give 1/0) */
    assert.include(table, `ToggleColumn.make('isActive').sortable(),`)
    assert.include(table, `ToggleColumn.make('isFeatured').sortable(),`)
    assert.include(resource, `return 'name'`)
    for (const left of ['id', 'rememberToken', 'deletedAt', 'createdAt', 'updatedAt']) {
      assert.notInclude(resource, `'${left}'`)
    }

    /* the rules: nullability decides presence */
    await assert.fileContains('app/rules/gadget_rules.ts', [
      `import vine from '@vinejs/vine'`,
      `import { Rules, kitRules, type ValidationContext } from 'adonis-kit'`,
      'name: vine.string().trim().minLength(1).maxLength(120),',
      'sku: vine.string().trim().maxLength(40).nullable().optional(),',
      'contactEmail: vine.string().trim().maxLength(255).email().nullable().optional(),',
      'description: vine.string().trim().nullable().optional(),',
      'isActive: vine.boolean().optional(),',
      'isFeatured: vine.boolean(),',
      'stock: vine.number().withoutDecimals(),',
      'views: vine.number().withoutDecimals().nullable().optional(),',
      'price: vine.number().nullable().optional(),',
      'releasedOn: kitRules.date(),',
      'availableAt: kitRules.dateTime(),',
      'checkedAt: kitRules.dateTime(),',
      'ownerId: vine.number().withoutDecimals().nullable().optional(),',
      'specs: vine.record(vine.string()).nullable().optional(),',
    ])
    /* no hand-written date transform that would run on an empty input */
    assert.notInclude(
      await readFile(join(fs.basePath, 'app/rules/gadget_rules.ts'), 'utf8'),
      'fromJSDate'
    )

    /* what was left out is said */
    command.assertLog('[ blue(info) ] skipped column "id": primary key')
    const logged = command.ui.logger.getLogs().map((log: { message: string }) => log.message)
    assert.isFalse(logged.some((message: string) => message.includes('skipped column "owner_id"')))
    const logs = command.ui.logger.getLogs().map((log: { message: string }) => log.message)
    assert.isFalse(logs.some((message: string) => message.includes('skipped column "specs"')))
    command.assertLog('[ blue(info) ] skipped column "deleted_at": managed by the framework')
  })

  test('refuses a model whose table does not exist and writes nothing', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['phantom'] })
    const command = await run(fs.basePath, ['Phantom', '--generate'])
    command.assertFailed()
    command.assertLogMatches(/The table "phantoms" of the Phantom model does not exist/)
    assert.deepEqual(await filesIn(fs.basePath, 'app/resources'), [])
    assert.deepEqual(await filesIn(fs.basePath, 'app/rules'), [])
    await assert.fileEquals('config/kit.ts', KIT_CONFIG)
  })
})

test.group('make:kit-resource | --generate without Lucid', () => {
  test('is refused with a message when the app has no database binding', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'] })
    const ace = await aceFor(fs.basePath)
    const command = await ace.create(MakeKitResource, ['Gadget', '--generate'])
    await command.exec()
    command.assertFailed()
    command.assertLog(
      '[ red(error) ] --generate reads the table through Lucid: install and configure @adonisjs/lucid first'
    )
    assert.deepEqual(await filesIn(fs.basePath, 'app/resources'), [])
  })
})

test.group('make:kit-resource | --view, --soft-deletes, --simple', () => {
  test('--view adds a view page and an infolist', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'] })
    const command = await run(fs.basePath, ['Gadget', '--generate', '--view'])
    command.assertSucceeded()
    await assert.fileContains('app/resources/gadget/pages/view_gadget.ts', [
      `import { ViewRecord } from 'adonis-kit'`,
      'export default class ViewGadget extends ViewRecord {',
    ])
    await assert.fileContains('app/resources/gadget_resource.ts', [
      `      view: ViewGadget.route('/:record'),`,
      'infolist(infolist: Infolist) {',
      `TextEntry.make('name'),`,
      `TextEntry.make('releasedOn'),`,
    ])
  })

  test('--soft-deletes enables the trashed preset', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'] })
    const command = await run(fs.basePath, ['Gadget', '--soft-deletes'])
    command.assertSucceeded()
    await assert.fileContains('app/resources/gadget_resource.ts', [
      '  softDeletes = true',
      'RestoreBulkAction.make()',
      'ForceDeleteBulkAction.make()',
    ])
  })

  test('--soft-deletes is refused for a model without deletedAt', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['phantom'] })
    const command = await run(fs.basePath, ['Phantom', '--soft-deletes'])
    command.assertFailed()
    command.assertLogMatches(/--soft-deletes needs a "deletedAt" column on the Phantom model/)
    assert.deepEqual(await filesIn(fs.basePath, 'app/resources'), [])
  })

  test('--simple makes one page that manages records in modals', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'] })
    const command = await run(fs.basePath, ['Gadget', '--simple'])
    command.assertSucceeded()
    assert.deepEqual(await filesIn(fs.basePath, 'app/resources'), [
      'app/resources/gadget/pages/manage_gadgets.ts',
      'app/resources/gadget_resource.ts',
    ])
    await assert.fileContains('app/resources/gadget/pages/manage_gadgets.ts', [
      `import { ManageRecords } from 'adonis-kit'`,
      'export default class ManageGadgets extends ManageRecords {',
    ])
    await assert.fileContains(
      'app/resources/gadget_resource.ts',
      `index: ManageGadgets.route('/'),`
    )
    await assert.fileNotContains('app/resources/gadget_resource.ts', 'create:')
  })

  test('--export and --import add the list page header actions', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'] })
    const command = await run(fs.basePath, ['Gadget', '--generate', '--export', '--import'])
    command.assertSucceeded()
    await assert.fileContains('app/resources/gadget/pages/list_gadgets.ts', [
      `import { ExportAction, ExportColumn, ImportAction, ImportColumn, ListRecords } from 'adonis-kit'`,
      'headerActions() {',
      `ExportAction.make('export')`,
      `ExportColumn.make('id'),`,
      `ExportColumn.make('ownerId'),`,
      `ImportAction.make('import')`,
      `ImportColumn.make('name'),`,
      '.authorizeUsing(({ user }) => user !== null)',
    ])
    /* a JSON attribute is neither exported nor imported as a cell */
    await assert.fileNotContains('app/resources/gadget/pages/list_gadgets.ts', `'specs'`)
  })

  test('--export without --generate is refused and nothing is written', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'] })
    const command = await run(fs.basePath, ['Gadget', '--export'])
    command.assertFailed()
    command.assertLog(
      '[ red(error) ] --export and --import write a column per generated field: add --generate'
    )
    assert.deepEqual(await filesIn(fs.basePath, 'app/resources'), [])
  })

  test('--simple with --view is refused and nothing is written', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'] })
    const command = await run(fs.basePath, ['Gadget', '--simple', '--view'])
    command.assertFailed()
    command.assertLogMatches(/--simple and --view cannot be combined/)
    assert.deepEqual(await filesIn(fs.basePath, 'app'), [
      'app/middleware/auth_middleware.ts',
      'app/models/gadget.ts',
      'app/models/owner.ts',
    ])
    await assert.fileEquals('config/kit.ts', KIT_CONFIG)
  })
})

test.group('make:kit-resource | refusals', () => {
  test('an unknown model is refused and nothing is written', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'] })
    const command = await run(fs.basePath, ['Gizmo'])
    command.assertFailed()
    command.assertLog('[ red(error) ] Unknown model "Gizmo": app/models/gizmo.ts does not exist')
    assert.deepEqual(await filesIn(fs.basePath, 'app/resources'), [])
    await assert.fileEquals('config/kit.ts', KIT_CONFIG)
  })

  for (const name of ['admin/Gadget', '../Gadget', '..\\Gadget', 'Gadget.ts', '/etc/passwd']) {
    test('a name with path separators or traversal is refused: {name}', async ({ fs, assert }) => {
      await createFixtureApp(fs.basePath, { models: ['gadget'] })
      const command = await run(fs.basePath, [name])
      command.assertFailed()
      command.assertLogMatches(/Invalid model name/)
      assert.deepEqual(await filesIn(fs.basePath, 'app/resources'), [])
      await assert.fileEquals('config/kit.ts', KIT_CONFIG)
    }).with([{ name }] as any)
  }

  test('a second run without --force changes nothing; --force replaces', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget'] })
    const first = await run(fs.basePath, ['Gadget'])
    first.assertSucceeded()

    /* the user edits a generated file */
    const rulesPath = join(fs.basePath, 'app/rules/gadget_rules.ts')
    await writeFile(rulesPath, '// edited\n')
    const config = await readFile(join(fs.basePath, 'config/kit.ts'), 'utf-8')

    const second = await run(fs.basePath, ['Gadget', '--view'])
    second.assertFailed()
    second.assertLogMatches(
      /Nothing was written: app\/resources\/gadget_resource\.ts, app\/rules\/gadget_rules\.ts, .* already exist\. Use --force to replace them/
    )
    await assert.fileEquals('app/rules/gadget_rules.ts', '// edited\n')
    await assert.fileNotExists('app/resources/gadget/pages/view_gadget.ts')
    await assert.fileEquals('config/kit.ts', config)

    const forced = await run(fs.basePath, ['Gadget', '--force'])
    forced.assertSucceeded()
    await assert.fileContains('app/rules/gadget_rules.ts', 'export default class GadgetRules')
    /* registered once */
    const registered = await readFile(join(fs.basePath, 'config/kit.ts'), 'utf-8')
    assert.equal(registered.split(`import('#resources/gadget_resource')`).length, 2)
  })
})
