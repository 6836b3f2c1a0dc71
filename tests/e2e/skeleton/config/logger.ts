import env from '#start/env'
import { defineConfig } from '@adonisjs/core/logger'
import type { InferLoggers } from '@adonisjs/core/types'

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: { enabled: true, name: 'kit-e2e-app', level: env.get('LOG_LEVEL') },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
