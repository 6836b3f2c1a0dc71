/*
 * Generates a resource with `make:kit-resource Gadget --generate` from the
 * migrated `gadgets` table (migration 40), then mounts the generated classes
 * on the running test application under /generated. Runs in the functional
 * suite's setup, before the HTTP server starts and the router commits.
 */

import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import kit from '../services/main.ts'
import MakeKitResource from '../commands/make_kit_resource.ts'
import { middleware } from './app/start/kernel.ts'
import { FIXTURE_ROOT, aceFor, createFixtureApp } from './generator_fixture.ts'

/**
 * The application folder the resource is generated into.
 */
export const GENERATED_APP = join(FIXTURE_ROOT, 'http')

/**
 * Generate the Gadget resource and mount it with `kit.routes()`.
 */
export async function mountGeneratedResource() {
  await createFixtureApp(GENERATED_APP, { models: ['gadget'], policies: ['gadget_policy'] })

  const ace = await aceFor(GENERATED_APP, db)
  const command = await ace.create(MakeKitResource, ['Gadget', '--generate'])
  await command.exec()
  if (command.exitCode !== 0) {
    const logs = command.logger.getLogs().map(({ message }) => message)
    throw new Error(`make:kit-resource failed:\n${logs.join('\n')}`, { cause: command.error })
  }

  const resourceUrl = pathToFileURL(join(GENERATED_APP, 'app/resources/gadget_resource.ts'))
  const { default: GadgetResource } = await import(resourceUrl.href)
  kit.routes([GadgetResource], {
    prefix: '/generated',
    name: 'generated',
    middleware: [middleware.auth()],
  })
}
