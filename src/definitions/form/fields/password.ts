import { contextTranslator } from '../../../i18n/translator.ts'
import type { PasswordContract } from '../../../contracts/main.ts'
import { Field, type PreparedValue } from './field.ts'

/**
 * A password input. Its value is never sent to the browser (not in the
 * form values, not in the flashed input of a refused form); left blank on
 * an edit form, the stored password is kept. The kit does not hash: the
 * model does, in a `@beforeSave()` hook (see docs/forms.md).
 *
 * @example
 * ```ts
 * Password.make('password').confirmed().revealable()
 * ```
 */
export class Password extends Field {
  #revealable = false
  #confirmed = false

  /**
   * Let the person show the typed password.
   */
  revealable(revealable = true): this {
    this.#revealable = revealable
    return this
  }

  /**
   * Ask for the password twice: the server refuses a submission whose
   * `<name>_confirmation` differs.
   */
  confirmed(confirmed = true): this {
    this.#confirmed = confirmed
    return this
  }

  /**
   * Name of the confirmation input.
   */
  confirmationName() {
    return `${this.name}_confirmation`
  }

  isSecret() {
    return true
  }

  formValue() {
    return null
  }

  prepareInput(
    value: unknown,
    editing: boolean,
    input?: Record<string, unknown>
  ): PreparedValue | undefined {
    if (value === null || value === undefined || value === '') {
      /* blank on an edit form: the stored password is kept */
      return editing ? undefined : { value: value ?? null }
    }
    if (this.#confirmed && input && input[this.confirmationName()] !== value) {
      return { error: contextTranslator().t('field.error.confirmed'), rule: 'confirmed' }
    }
    return { value }
  }

  toContract(): PasswordContract {
    return {
      type: 'password',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      revealable: this.#revealable,
      confirmation: this.#confirmed ? { name: this.confirmationName() } : null,
    }
  }
}
