import { Action, type ActionAuthorizationContext } from './action.ts'
import { contextTranslator } from '../../../i18n/translator.ts'
import { assertIdentifier } from '../../../support/config_checks.ts'
import { isSafePath } from '../../../support/path_safety.ts'
import { KitConfigurationException } from '../../../support/errors.ts'

/**
 * What an impersonate action declares, read by the kit when it runs.
 */
export interface ImpersonationSettings {
  /** The policy ability asked with the user and the target (default `impersonate`) */
  ability: string
  /** Where the impersonated session lands (default: the panel's sign-in home) */
  redirectTo: string | null
}

/**
 * Sign in as another user of a panel with `login()`: a row action of the
 * users' resource. The target is resolved through the scoped query (a user
 * outside it is a 404); the resource's Bouncer policy decides with its
 * `impersonate(user, target)` ability (a policy without it refuses), and
 * nobody impersonates themselves or starts a second impersonation. The
 * session is regenerated and remembers the original user, every panel page
 * shows a banner with "Return to my account", and both the start and the
 * end are written to the audit trail.
 *
 * @example
 * ```ts
 * table.actions([ImpersonateAction.make()])
 *
 * // app/policies/user_policy.ts
 * impersonate(user: User, target: User) {
 *   return user.isAdmin && !target.isAdmin
 * }
 * ```
 */
export class ImpersonateAction extends Action {
  #ability = 'impersonate'
  #redirectTo: string | null = null

  /**
   * Create the action (named `impersonate` unless told).
   */
  static make<T extends Action>(this: new (name: string) => T, name = 'impersonate'): T {
    return new this(name)
  }

  constructor(name: string) {
    super(name)
    this.requiresConfirmation()
    this.action(() => {
      /* never called: the kit signs in as the target itself */
    })
  }

  /**
   * The policy ability that decides (default `impersonate`), asked with the
   * signed-in user and the target user.
   */
  ability(name: string): this {
    assertIdentifier(name, `ImpersonateAction "${this.name}" ability`)
    this.#ability = name
    return this
  }

  /**
   * Where the impersonated session lands (a same-origin path; default: the
   * panel's sign-in `home`, else its path).
   */
  redirectTo(path: string): this {
    if (!isSafePath(path)) {
      throw new KitConfigurationException(
        `ImpersonateAction "${this.name}": redirectTo() takes a same-origin path, not ${JSON.stringify(path)}`
      )
    }
    this.#redirectTo = path
    return this
  }

  /**
   * What the kit reads to impersonate.
   */
  impersonation(): ImpersonationSettings {
    return { ability: this.#ability, redirectTo: this.#redirectTo }
  }

  /**
   * Allowed unless `authorizeUsing()` says otherwise: the policy ability
   * decides as well.
   */
  async allows(context: ActionAuthorizationContext): Promise<boolean> {
    return this.decide(context, true)
  }

  protected defaultLabel(): string {
    return contextTranslator().t('action.impersonate')
  }
}
