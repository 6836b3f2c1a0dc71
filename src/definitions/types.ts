/*
 * adonis-kit
 *
 * General types shared across the package.
 */

import type { HttpContext } from '@adonisjs/core/http'
import type { ContainerResolver } from '@adonisjs/core/container'
import type { MiddlewareFn, ParsedNamedMiddleware } from '@adonisjs/core/types/http'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { ResourceOperation } from './resource/operation.ts'
import type { KitTranslator } from '../i18n/translator.ts'

/**
 * The authenticated user as the kit sees it: whatever your auth guard returns.
 */
export type KitUser = Record<string, any>

/**
 * A lazily imported module with a default export.
 */
export type LazyImport<T> = () => Promise<{ default: T }>

/**
 * A class constructor.
 */
export type Constructor<T = any> = new (...args: any[]) => T

/**
 * Something given either directly or as a lazy import of a default export.
 */
export type MaybeLazy<T> = T | LazyImport<T>

/**
 * Middleware accepted by panels and the route facade: what `router.named()`
 * returns (`middleware.auth()`), a middleware function, or a lazy import of a
 * middleware class (optionally with its arguments), which keeps config files
 * free of imports that need a booted application.
 */
export type KitMiddleware =
  | MiddlewareFn
  | ParsedNamedMiddleware
  | LazyImport<Constructor<{ handle: (...args: any[]) => any }>>
  | [LazyImport<Constructor<{ handle: (...args: any[]) => any }>>, any]

export type { SerializableValue } from '../contracts/main.ts'

/**
 * The data a mutation works with: validated input, keyed by model property.
 */
export type MutationData = Record<string, any>

/**
 * What the kit knows about the request a resource is serving. The HTTP routes
 * and the kit() test driver both build one.
 */
export interface KitContext {
  /** The authenticated user, or null for a guest */
  user: KitUser | null
  /** The HTTP context, when the request came over HTTP */
  http?: HttpContext
  /** Container resolver used to construct policies and validators */
  containerResolver?: ContainerResolver<any>
  /** The parent record of a nested resource, resolved and authorized */
  parent?: LucidRow | null
  /** The request's translator (the panel's locale, or the app's i18n) */
  translator?: KitTranslator
}

/**
 * What a persistence hook receives besides the record and the data.
 */
export interface HookContext extends KitContext {
  /** The transaction every write of the mutation runs in */
  trx: TransactionClientContract
  /** The operation being performed */
  operation: ResourceOperation
}

/**
 * Instance of a Lucid model class.
 */
export type ModelRecord<Model extends LucidModel> = InstanceType<Model> & LucidRow

/**
 * Which records a scoped query reaches on a soft-deleting resource.
 */
export type TrashedMode = 'without' | 'with' | 'only'

/**
 * The record lifecycle operations of the mutation sequence.
 */
export type LifecycleName = 'delete' | 'restore' | 'forceDelete'
