import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { KitUser } from '../../types.ts'

/**
 * The values of a form, keyed by field name, as a reactive closure reads
 * them. Name them with a type argument to get autocompletion on `get()`:
 * `hidden<{ kind: string }>(({ get }) => get('kind') !== 'link')`.
 */
export type FormStateValues = Record<string, unknown>

/**
 * What a reactive closure (`hidden()`, `required()`, `disabled()`, a
 * select's `options()`) receives: the form's current values, the record
 * being edited (null on a create form) and the user. Evaluated on the
 * server only, against the form state the request carries.
 */
export interface FieldState<Values extends FormStateValues = FormStateValues> {
  /** The current value of a field of the form (undefined for a field it does not have) */
  get<Name extends keyof Values & string>(name: Name): Values[Name]
  /** The record being edited, or null on a create form */
  record: LucidRow | null
  /** The signed-in user, or null */
  user: KitUser | null
}

/**
 * What an `afterStateUpdated()` hook receives: the field's new value
 * (`state`), its value before the change (`old`), `get()` and `set()` over
 * the form's values, the record and the user. `set()` changes the value of
 * another field of the form (a field the form does not have is ignored);
 * nothing is written to the database.
 */
export interface StateUpdate<
  Values extends FormStateValues = FormStateValues,
> extends FieldState<Values> {
  state: unknown
  old: unknown
  set<Name extends keyof Values & string>(name: Name, value: Values[Name]): void
}

/**
 * A value, or a closure computing it from the form's state.
 */
export type Reactive<T, Values extends FormStateValues = FormStateValues> =
  T | ((state: FieldState<Values>) => T)

/**
 * A hook run on the server when a live field's value changed.
 */
export type AfterStateUpdatedHook<Values extends FormStateValues = FormStateValues> = (
  update: StateUpdate<Values>
) => void | Promise<void>

/**
 * How a live field sends its state: after each change (debounced, in
 * milliseconds), or when it loses focus.
 */
export interface LiveOptions {
  onBlur?: boolean
  debounce?: number
}

/**
 * A form state closures are evaluated against: the values (each form field
 * with its current value), the record and the user.
 */
export function fieldState(
  values: FormStateValues,
  record: LucidRow | null = null,
  user: KitUser | null = null
): FieldState {
  return {
    get: (name: string) => (Object.hasOwn(values, name) ? values[name] : undefined),
    record,
    user,
  } as FieldState
}
