import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createRequire } from 'node:module'
import db from '@adonisjs/lucid/services/db'
import * as kit from '../../index.ts'
import MakeKitResource from '../../commands/make_kit_resource.ts'
import MakeKitRelationManager from '../../commands/make_kit_relation_manager.ts'
import { FIXTURE_ROOT, aceFor, createFixtureApp } from '../generator_fixture.ts'

const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc')

/**
 * Run a generator in the app folder; fail the test with its logs otherwise.
 */
async function generate(root: string, Command: any, args: string[]) {
  const ace = await aceFor(root, db)
  const command = await ace.create(Command, args)
  await command.exec()
  command.assertSucceeded()
}

/**
 * `tsc --noEmit` on the app folder (the app tsconfig of AdonisJS 7, with
 * 'adonis-kit' mapped to the package source). Answers the compiler output.
 */
async function typecheck(root: string): Promise<string> {
  try {
    await promisify(execFile)(process.execPath, [
      TSC,
      '--noEmit',
      '-p',
      join(root, 'tsconfig.json'),
    ])
    return ''
  } catch (error: any) {
    return `${error.stdout}${error.stderr}`.trim() || String(error)
  }
}

const hasPages = ['ViewRecord', 'ManageRecords', 'Infolist', 'TextEntry'].every(
  (name) => name in kit
)
const hasRelationManagers = 'RelationManager' in kit

/* the generated files are the same on every database (make_kit_resource.spec.ts
   asserts them line by line on each); tsc runs once, on SQLite */
const otherDatabase = (process.env.DB_CONNECTION ?? 'sqlite') !== 'sqlite'
const ONCE = 'type-checked once, in the SQLite run'

test.group('generated code type-checks in an AdonisJS 7 app', (group) => {
  group.each.timeout(120_000)

  test('a --generate --soft-deletes resource with its pages and rules', async ({ assert }) => {
    const root = join(FIXTURE_ROOT, 'typecheck_core')
    await createFixtureApp(root, { models: ['gadget', 'shelf'], policies: ['gadget_policy'] })
    await generate(root, MakeKitResource, [
      'Gadget',
      '--generate',
      '--soft-deletes',
      '--export',
      '--import',
    ])
    await generate(root, MakeKitResource, ['Shelf'])
    assert.equal(await typecheck(root), '')
  }).skip(otherDatabase, ONCE)

  test('a --view resource, a --simple resource and a relation manager', async ({ assert }) => {
    const root = join(FIXTURE_ROOT, 'typecheck_variants')
    await createFixtureApp(root, { models: ['gadget', 'shelf'] })
    await generate(root, MakeKitResource, ['Gadget', '--generate', '--view'])
    await generate(root, MakeKitResource, ['Shelf', '--simple'])
    await generate(root, MakeKitRelationManager, ['ShelfResource', 'gadgets', 'name'])
    assert.equal(await typecheck(root), '')
  }).skip(
    otherDatabase || !hasPages || !hasRelationManagers,
    otherDatabase
      ? ONCE
      : 'needs ViewRecord, ManageRecords, Infolist, TextEntry and RelationManager exported by adonis-kit'
  )

  test('the type check fails on a broken generated file (the check can fail)', async ({
    assert,
  }) => {
    const root = join(FIXTURE_ROOT, 'typecheck_broken')
    await createFixtureApp(root, { models: ['gadget'] })
    await generate(root, MakeKitResource, ['Gadget', '--generate'])
    const rules = join(root, 'app/rules/gadget_rules.ts')
    const source = await readFile(rules, 'utf-8')
    await writeFile(rules, source.replace('extends Rules', 'extends Rule'))
    assert.match(await typecheck(root), /gadget_rules\.ts.*error TS2552|Cannot find name 'Rule'/)
  }).skip(otherDatabase, ONCE)
})
