import type Configure from '@adonisjs/core/commands/configure'
import { stubsRoot } from './stubs/main.ts'

/**
 * `node ace configure adonis-kit`: writes config/kit.ts and registers the
 * provider.
 */
export async function configure(command: Configure) {
  const codemods = await command.createCodemods()

  /* config/kit.ts with a default panel */
  await codemods.makeUsingStub(stubsRoot, 'config/kit.stub', {})

  /* the provider */
  await codemods.updateRcFile((rcFile) => {
    rcFile.addProvider('adonis-kit/kit_provider')
  })
}
