import { Bouncer } from '@adonisjs/bouncer'

/**
 * Abilities of the application.
 */
export const editUser = Bouncer.ability(() => {
  return true
})
