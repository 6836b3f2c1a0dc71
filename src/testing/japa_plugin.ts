/*
 * adonis-kit
 *
 * The Japa plugin of the kit() test driver (`adonis-kit/plugins/japa`).
 */

import type { ApplicationService } from '@adonisjs/core/types'
import type { PluginFn } from '@japa/runner/types'
import { Test, TestContext } from '@japa/runner/core'
import type { Resource } from '../definitions/resource/resource.ts'
import {
  driverApplication,
  KitDriver,
  unawaitedDrivers,
  type KitDriverOptions,
  type KitResourceClass,
} from './kit_driver.ts'

export {
  KitDriver,
  KitAssertionError,
  type KitDriverOptions,
  type KitFieldError,
  type ExpectedErrors,
  type RecordReference,
  type KitResourceClass,
} from './kit_driver.ts'

/**
 * Drive a mounted resource as a user, through the same functions its routes
 * call. Chain steps and await the chain.
 *
 * @example
 * ```ts
 * await kit(PostResource, { user })
 *   .searchTable('adonis')
 *   .assertCanSeeTableRecords([post])
 *   .assertCanNotSeeTableRecords([draft])
 * ```
 */
export function kit<R extends Resource<any>>(
  ResourceClass: KitResourceClass<R>,
  options: KitDriverOptions = {}
): KitDriver<R> {
  return new KitDriver(ResourceClass, options)
}

/**
 * The test hooks are global to Japa's Test class: install them once.
 */
let hooksInstalled = false

declare module '@japa/runner/core' {
  interface TestContext {
    /**
     * The kit() test driver (see `adonis-kit/plugins/japa`).
     */
    kit: typeof kit
  }
}

/**
 * The Japa plugin: adds `kit` to the test context and fails a test that
 * queued kit() steps without awaiting them (they would never have run).
 *
 * @example
 * ```ts
 * // tests/bootstrap.ts
 * import { kitPlugin } from 'adonis-kit/plugins/japa'
 * export const plugins: Config['plugins'] = [assert(), pluginAdonisJS(app), kitPlugin()]
 * ```
 */
export function kitPlugin(options: { app?: ApplicationService } = {}): PluginFn {
  return function kitJapaPlugin() {
    if (options.app) {
      driverApplication.app = options.app
    }
    TestContext.macro('kit', kit)
    if (hooksInstalled) {
      return
    }
    hooksInstalled = true
    Test.executing(() => {
      unawaitedDrivers.clear()
    })
    Test.executed((_test, hasError) => {
      const pending = [...unawaitedDrivers]
      unawaitedDrivers.clear()
      if (!hasError && pending.length) {
        throw new Error(
          `${pending.map((driver) => driver.describe()).join(', ')}: steps were queued but never awaited, so they did not run; await the chain`
        )
      }
    })
  }
}
