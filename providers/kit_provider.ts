import type { ApplicationService } from '@adonisjs/core/types'
import { configProvider } from '@adonisjs/core'
import { KitConfigurationException } from '../src/support/errors.ts'
import { KitManager } from '../src/http/kit_manager.ts'
/* the runtime that decides authorization binds itself to the definitions when it loads */
import '../src/runtime/authorization/authorizer.ts'
import { startJobs, stopJobs } from '../src/http/start_jobs.ts'
import { startNotifications, stopNotifications } from '../src/http/start_notifications.ts'
import { defaultUserResolver, type ResolvedKitConfig } from '../src/http/define_config.ts'

declare module '@adonisjs/core/types' {
  interface ContainerBindings {
    kit: KitManager
  }
}

/**
 * Binds the kit registry and registers the routes of every panel of
 * config/kit.ts when the application boots.
 */
export default class KitProvider {
  constructor(protected app: ApplicationService) {}

  /**
   * Bind the registry as a singleton, resolving config/kit.ts lazily.
   */
  register() {
    this.app.container.singleton(KitManager, async (resolver) => {
      const kitConfig = this.app.config.get<any>('kit')
      let config: ResolvedKitConfig | null = { panels: [], user: defaultUserResolver, jobs: {} }
      if (kitConfig) {
        config = await configProvider.resolve<ResolvedKitConfig>(this.app, kitConfig)
        if (!config) {
          throw new KitConfigurationException(
            'Invalid "config/kit.ts" file. Make sure you are using the "defineConfig" method from adonis-kit'
          )
        }
      }
      return new KitManager(config, await resolver.make('router'))
    })
    this.app.container.alias('kit', KitManager)
  }

  /**
   * Register the panels' routes.
   */
  async boot() {
    const kit = await this.app.container.make('kit')
    kit.registerPanels()
    await startJobs(this.app, kit)
    await startNotifications(this.app, kit)
  }

  /**
   * Stop the job timers (the embedded worker's recovery).
   */
  async shutdown() {
    stopJobs()
    stopNotifications()
  }
}
