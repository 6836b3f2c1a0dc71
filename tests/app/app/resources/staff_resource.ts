import AccountResource from './account_resource.ts'
import { SilentAccountPolicy } from '../policies/account_policy.ts'

/**
 * The accounts of the backstage panel under a policy without an
 * `impersonate` ability (impersonation.spec.ts): refused, fail-closed.
 */
export default class StaffResource extends AccountResource {
  slug = 'staff'
  policy = SilentAccountPolicy
}
