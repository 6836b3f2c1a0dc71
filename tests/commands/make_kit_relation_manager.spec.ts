import { test } from '@japa/runner'
import { readdir, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import MakeKitRelationManager from '../../commands/make_kit_relation_manager.ts'
import MakeKitResource from '../../commands/make_kit_resource.ts'
import { aceFor, createFixtureApp } from '../generator_fixture.ts'

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
  const ace = await aceFor(root)
  const command = await ace.create(MakeKitRelationManager, args)
  await command.exec()
  return command
}

/**
 * An app with the Shelf model (hasMany gadgets) and its resource.
 */
async function shelfApp(root: string) {
  await createFixtureApp(root, { models: ['gadget', 'shelf'] })
  const ace = await aceFor(root)
  const command = await ace.create(MakeKitResource, ['Shelf'])
  await command.exec()
  command.assertSucceeded()
}

test.group('make:kit-relation-manager', () => {
  test('creates a fail-closed relation manager and its Rules class', async ({ fs, assert }) => {
    await shelfApp(fs.basePath)
    const command = await run(fs.basePath, ['ShelfResource', 'gadgets', 'name'])

    command.assertSucceeded()
    command.assertLog(
      'green(DONE:)    create app/resources/shelf/relation_managers/gadgets_relation_manager.ts'
    )
    command.assertLog('green(DONE:)    create app/rules/shelf_gadgets_rules.ts')
    await assert.fileContains('app/resources/shelf/relation_managers/gadgets_relation_manager.ts', [
      `import type Shelf from '#models/shelf'`,
      `import ShelfGadgetsRules from '#rules/shelf_gadgets_rules'`,
      'export default class GadgetsRelationManager extends RelationManager<typeof Shelf> {',
      `  relationship = 'gadgets'`,
      `  recordTitleAttribute = 'name'`,
      `TextColumn.make('name').searchable().sortable()`,
      `TextInput.make('name').required()`,
      'return ShelfGadgetsRules',
      `  ): Promise<boolean> {\n    return false\n  }`,
    ])
    await assert.fileContains('app/rules/shelf_gadgets_rules.ts', [
      'export default class ShelfGadgetsRules extends Rules {',
      'name: vine.string().trim().minLength(1),',
    ])
  })

  test('accepts the owner as a model name too', async ({ fs, assert }) => {
    await shelfApp(fs.basePath)
    const command = await run(fs.basePath, ['shelf', 'gadgets', 'name'])
    command.assertSucceeded()
    await assert.fileExists('app/resources/shelf/relation_managers/gadgets_relation_manager.ts')
  })

  test('an unknown owner resource is refused and nothing is written', async ({ fs, assert }) => {
    await createFixtureApp(fs.basePath, { models: ['gadget', 'shelf'] })
    const command = await run(fs.basePath, ['ShelfResource', 'gadgets', 'name'])
    command.assertFailed()
    command.assertLogMatches(
      /Unknown resource "ShelfResource": app\/resources\/shelf_resource\.ts does not exist/
    )
    assert.deepEqual(await filesIn(fs.basePath, 'app/resources'), [])
    assert.deepEqual(await filesIn(fs.basePath, 'app/rules'), [])
  })

  test('an unknown relationship is refused with the known ones', async ({ fs, assert }) => {
    await shelfApp(fs.basePath)
    const before = await filesIn(fs.basePath, 'app')
    const command = await run(fs.basePath, ['ShelfResource', 'comments', 'body'])
    command.assertFailed()
    command.assertLog(
      '[ red(error) ] The Shelf model has no "comments" relationship (known: gadgets)'
    )
    assert.deepEqual(await filesIn(fs.basePath, 'app'), before)
  })

  for (const args of [
    ['../ShelfResource', 'gadgets', 'name'],
    ['ShelfResource', '../gadgets', 'name'],
    ['ShelfResource', 'gadgets', 'name/../../x'],
    ['admin/ShelfResource', 'gadgets', 'name'],
  ]) {
    test('names with path separators are refused: {args}', async ({ fs, assert }) => {
      await shelfApp(fs.basePath)
      const before = await filesIn(fs.basePath, 'app')
      const command = await run(fs.basePath, args)
      command.assertFailed()
      command.assertLogMatches(/Invalid (owner resource|relationship|title attribute)/)
      assert.deepEqual(await filesIn(fs.basePath, 'app'), before)
    }).with([{ args: args.join(' ') }] as any)
  }

  test('a second run without --force changes nothing; --force replaces', async ({ fs, assert }) => {
    await shelfApp(fs.basePath)
    const first = await run(fs.basePath, ['ShelfResource', 'gadgets', 'name'])
    first.assertSucceeded()
    await writeFile(join(fs.basePath, 'app/rules/shelf_gadgets_rules.ts'), '// edited\n')

    const second = await run(fs.basePath, ['ShelfResource', 'gadgets', 'sku'])
    second.assertFailed()
    second.assertLogMatches(/Nothing was written: .*gadgets_relation_manager\.ts, .* already exist/)
    await assert.fileEquals('app/rules/shelf_gadgets_rules.ts', '// edited\n')
    await assert.fileContains(
      'app/resources/shelf/relation_managers/gadgets_relation_manager.ts',
      `recordTitleAttribute = 'name'`
    )

    const forced = await run(fs.basePath, ['ShelfResource', 'gadgets', 'sku', '--force'])
    forced.assertSucceeded()
    await assert.fileContains(
      'app/resources/shelf/relation_managers/gadgets_relation_manager.ts',
      `recordTitleAttribute = 'sku'`
    )
    await assert.fileContains('app/rules/shelf_gadgets_rules.ts', 'sku: vine.string()')
  })
})
