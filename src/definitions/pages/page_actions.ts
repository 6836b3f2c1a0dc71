import { Action } from '../table/actions/action.ts'

/**
 * What a record page action does: open the record's edit page, or delete
 * the record.
 */
export type RecordPageActionKind = 'edit' | 'delete'

/**
 * A header action of a record page the kit provides: its URL and its
 * authorization come from the resource (the edit page and the `edit`
 * operation, the delete route and the `delete` operation); it is shown only
 * when the user may do what it does. `label()` and `color()` restyle it.
 */
export abstract class RecordPageAction extends Action {
  abstract readonly kind: RecordPageActionKind
  #labelled = false

  /**
   * Label shown to the user (default: the kit's translated "Edit", "Delete").
   */
  label(label: string): this {
    this.#labelled = true
    return super.label(label)
  }

  /**
   * Whether `label()` named the action (else the kit's words are used).
   */
  hasOwnLabel() {
    return this.#labelled
  }
}

/**
 * The Edit button of a view page (the default header action of
 * `ViewRecord`): a link to the record's edit page, shown when the resource
 * has one and the user may edit the record.
 *
 * @example
 * ```ts
 * export default class ViewPost extends ViewRecord {
 *   headerActions() {
 *     return [EditAction.make(), Action.make('preview').url('/posts/{record}/preview').method('get')]
 *   }
 * }
 * ```
 */
export class EditAction extends RecordPageAction {
  readonly kind = 'edit' as const

  constructor(name: string) {
    super(name)
    this.color('primary')
  }

  static make<T extends Action>(this: new (name: string) => T, name = 'edit'): T {
    return new this(name)
  }
}

/**
 * The Delete button of an edit page (the default header action of
 * `EditRecord`): red, confirmed, it sends DELETE to the record's route (the
 * kit's delete, with its authorization, hooks and audit), shown when the
 * user may delete the record.
 *
 * @example
 * ```ts
 * export default class EditPost extends EditRecord {
 *   headerActions() {
 *     return [] // no Delete button on this edit page
 *   }
 * }
 * ```
 */
export class DeleteAction extends RecordPageAction {
  readonly kind = 'delete' as const

  constructor(name: string) {
    super(name, true)
    this.color('red')
  }

  static make<T extends Action>(this: new (name: string) => T, name = 'delete'): T {
    return new this(name)
  }
}
