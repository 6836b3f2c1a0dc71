import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { ResourceOperation } from '../../definitions/resource/operation.ts'
import type { Resource } from '../../definitions/resource/resource.ts'
import type { KitContext } from '../../definitions/types.ts'

/**
 * The decision for an operation in a request context (fail-closed).
 */
export function allows<Model extends LucidModel>(
  resource: Resource<Model>,
  operation: ResourceOperation,
  record: InstanceType<Model> | null,
  context: KitContext
): Promise<boolean> {
  return resource.allows(operation, record, context.user, context)
}

/**
 * Authorize an operation in a request context or throw E_KIT_FORBIDDEN (403).
 * Every route calls it before reading any input.
 */
export function authorize<Model extends LucidModel>(
  resource: Resource<Model>,
  operation: ResourceOperation,
  record: InstanceType<Model> | null,
  context: KitContext
): Promise<void> {
  return resource.authorize(operation, record, context.user, context)
}
