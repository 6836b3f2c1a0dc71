import { bindResourceUrls, type Resource } from '../../definitions/resource/resource.ts'
import type { ResourceMount } from './resource_mount.ts'

/**
 * Mounts by resource instance: the kit's registry of what is mounted where.
 * The resource object itself is left as the application wrote it.
 */
const mounts = new WeakMap<Resource<any>, ResourceMount>()

/**
 * The mount of a resource instance (the last one mounted), or undefined
 * when it is not mounted.
 */
export function mountOf(resource: Resource<any>): ResourceMount | undefined {
  return mounts.get(resource)
}

/**
 * Record a mount once its resource passed validation.
 * @internal
 */
export function registerMount(mount: ResourceMount) {
  mounts.set(mount.resource, mount)
  bindResourceUrls(mount.resource, mount)
}
