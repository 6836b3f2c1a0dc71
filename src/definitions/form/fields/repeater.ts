import {
  REPEATER_ITEM_KEY,
  type FormValue,
  type RepeaterContract,
  type RepeaterItem,
  type SerializableValue,
} from '../../../contracts/main.ts'
import { KitConfigurationException } from '../../../support/errors.ts'
import { scalarValue } from '../../../support/scalar_value.ts'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import { Field } from './field.ts'
import type { FieldKit, FieldSubmission, RelationWrite } from './field_kit.ts'
import { sanitizedValue, textSanitizer } from '../text_sanitizers.ts'
import { assertWholeNumber } from '../../../support/config_checks.ts'

declare module './field_kit.ts' {
  interface FieldKit {
    /** The runtime of repeaters stored as a has-many relationship */
    repeaters: RepeaterKit
  }
}

/**
 * What the runtime does for a repeater stored as a has-many relationship.
 */
export interface RepeaterKit {
  /** One item per related record, with its key as `_key` */
  currentValue(field: Repeater, record: LucidRow): Promise<RepeaterItem[]>
  /** Check the relationship against the model (at boot) */
  assertBound(field: Repeater, where: string): void
  /** The sync of the related records with the validated items */
  relationWrite(field: Repeater, value: unknown, submission: FieldSubmission): RelationWrite
}

/**
 * Most items a repeater value may hold, whatever `maxItems()` says.
 */
export const MAX_REPEATER_ITEMS = 100

/**
 * The has-many relationship a repeater's items are stored as.
 */
export interface RepeaterRelationship {
  /** The relationship of the model (has-many) */
  name: string
  /** A column of the related model that stores the item's position (0, 1, ...) */
  orderColumn: string | null
}

/**
 * A list of sub-forms stored as JSON on one attribute (a `json` or `text`
 * column), or as the records of a has-many relationship
 * (`relationship()`). The resource's Rules class validates the items
 * (`vine.array(vine.object({...}))`), so an invalid item answers per-item
 * errors such as `items.2.name`.
 *
 * @example
 * ```ts
 * Repeater.make('milestones')
 *   .schema([TextInput.make('name').required(), DatePicker.make('due')])
 *   .minItems(1)
 *   .maxItems(10)
 *
 * // in the Rules class
 * milestones: vine.array(vine.object({ name: vine.string().maxLength(100), due: vine.string().optional() })).maxLength(10)
 * ```
 */
export class Repeater extends Field {
  #fields: Field[] = []
  #minItems: number | null = null
  #maxItems: number | null = null
  #reorderable = true
  #relationship: RepeaterRelationship | null = null

  /**
   * The fields of one item (fields only: an item is one row of values).
   */
  schema(fields: Field[]): this {
    for (const field of fields) {
      if (!(field instanceof Field) || field instanceof Repeater) {
        throw new KitConfigurationException(
          `Repeater "${this.name}".schema() takes fields (no layout, no nested repeater)`
        )
      }
    }
    this.#fields = fields
    return this
  }

  /**
   * Fewest items the renderer lets the user keep (validate it in the Rules
   * class too).
   */
  minItems(count: number): this {
    assertWholeNumber(count, 0, MAX_REPEATER_ITEMS, `Repeater "${this.name}": minItems()`)
    this.#minItems = count
    return this
  }

  /**
   * Most items the renderer lets the user add (validate it in the Rules
   * class too).
   */
  maxItems(count: number): this {
    assertWholeNumber(count, 1, MAX_REPEATER_ITEMS, `Repeater "${this.name}": maxItems()`)
    this.#maxItems = count
    return this
  }

  /**
   * Let the user move items up and down (default: true).
   */
  reorderable(reorderable = true): this {
    this.#reorderable = reorderable
    return this
  }

  /**
   * Store the items as the records of a has-many relationship of the model
   * (by default the one named like the field) instead of JSON: on save,
   * in the parent's transaction, an item with the key of one of the
   * parent's related records updates it, an item without a key creates
   * one, and the related records the submission leaves out are deleted.
   * A key that is not one of this parent's related records is a field
   * error (no other record is ever written). With `orderColumn`, each
   * item's position is stored there and the items are read in its order.
   *
   * @example
   * ```ts
   * Repeater.make('items')
   *   .relationship('items', { orderColumn: 'position' })
   *   .schema([TextInput.make('label').required(), TextInput.make('quantity').numeric()])
   * ```
   */
  relationship(name?: string, options: { orderColumn?: string } = {}): this {
    this.#relationship = { name: name ?? this.name, orderColumn: options.orderColumn ?? null }
    return this
  }

  getRelationship(): RepeaterRelationship | null {
    return this.#relationship
  }

  getItemFields() {
    return this.#fields
  }

  defaultValue(): SerializableValue {
    return [] as unknown as SerializableValue
  }

  /**
   * The stored JSON (text on SQLite and MariaDB, parsed on PostgreSQL) as a
   * list of items holding only the declared fields.
   */
  formValue(value: unknown): SerializableValue | undefined {
    return this.items(value) as unknown as SerializableValue
  }

  /**
   * A list of items of a stored or submitted value, keeping only the
   * declared fields' scalar values (at most {@link MAX_REPEATER_ITEMS}),
   * rich text and Markdown sanitized.
   */
  items(value: unknown): RepeaterItem[] {
    let parsed = value
    if (typeof parsed === 'string') {
      try {
        parsed = JSON.parse(parsed)
      } catch {
        return []
      }
    }
    if (!Array.isArray(parsed)) return []
    return parsed
      .slice(0, MAX_REPEATER_ITEMS)
      .filter((item) => item && typeof item === 'object' && !Array.isArray(item))
      .map((item) => {
        const kept: RepeaterItem = {}
        for (const field of this.#fields) {
          const entry = (item as Record<string, unknown>)[field.name]
          /* an item's rich text and Markdown are sanitized when read */
          kept[field.name] = sanitizedValue(
            textSanitizer([field], field.name),
            scalarValue(entry)
          ) as RepeaterItem[string]
        }
        const key = (item as Record<string, unknown>)[REPEATER_ITEM_KEY]
        if (this.#relationship && (typeof key === 'string' || typeof key === 'number')) {
          kept[REPEATER_ITEM_KEY] = key
        }
        return kept
      })
  }

  /**
   * The value written to the attribute: the validated list as JSON text
   * (every dialect stores it), unless the model's column prepares it.
   */
  storedValue(value: unknown, columnPrepares: boolean): unknown {
    if (value === null || value === undefined || this.#relationship) return value
    return columnPrepares ? value : JSON.stringify(value)
  }

  async currentValue(record: LucidRow, kit: FieldKit): Promise<FormValue> {
    return this.#relationship ? kit.repeaters.currentValue(this, record) : this.recordValue(record)
  }

  assertConfigured(kit: FieldKit, where: string): void {
    if (this.#relationship) kit.repeaters.assertBound(this, where)
  }

  flashedValue(posted: unknown): FormValue {
    return this.items(posted)
  }

  boundedFlash(posted: unknown, bound: (value: unknown) => unknown, maxItems: number): unknown {
    return this.items(posted)
      .slice(0, maxItems)
      .map((item) =>
        Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, bound(entry) ?? null]))
      )
  }

  /**
   * Related records are merged item by item.
   */
  mergesByKey(): boolean {
    return !!this.#relationship
  }

  relationWrite(value: unknown, submission: FieldSubmission, kit: FieldKit): RelationWrite | null {
    return this.#relationship ? kit.repeaters.relationWrite(this, value, submission) : null
  }

  /**
   * Each item's rich text and Markdown sanitized.
   */
  sanitizeInto(data: Record<string, unknown>): void {
    const items = data[this.name]
    if (!Array.isArray(items)) return
    for (const item of items) {
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        for (const field of this.#fields) field.sanitizeInto(item as Record<string, unknown>)
      }
    }
  }

  /**
   * The items of a relationship repeater go through their fields.
   */
  itemFields(): Field[] | null {
    return this.#relationship ? this.#fields : null
  }

  toContract(): RepeaterContract {
    const itemDefaults: Record<string, FormValue> = {}
    for (const field of this.#fields) {
      itemDefaults[field.name] = field.defaultValue()
    }
    return {
      type: 'repeater',
      name: this.name,
      label: this.getLabel(),
      required: this.isRequired(),
      fields: this.#fields.map((field) => field.toContract()),
      minItems: this.#minItems,
      maxItems: this.#maxItems ?? MAX_REPEATER_ITEMS,
      reorderable: this.#reorderable,
      itemDefaults,
    }
  }
}
