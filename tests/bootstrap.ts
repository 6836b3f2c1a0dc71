import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { inertiaApiClient } from '@adonisjs/inertia/plugins/api_client'
import { kitPlugin } from '../src/testing/japa_plugin.ts'

export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
  inertiaApiClient(app),
  kitPlugin(),
]

/**
 * A fresh schema for the run: wipe whatever the database holds, then
 * migrate. Each test then runs in a global transaction.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [
    async () => {
      const ace = await app.container.make('ace')
      for (const [command, args] of [
        ['db:wipe', ['--force']],
        ['migration:run', ['--force', '--compact-output', '--no-schema-generate']],
      ] as const) {
        const result = await ace.exec(command, [...args])
        if (result.exitCode) {
          throw result.error ?? new Error(`"${command}" failed`)
        }
      }
    },
  ],
  teardown: [],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (suite.name === 'functional') {
    return suite.setup(() => testUtils.httpServer().start())
  }
}
