import { DateTime } from 'luxon'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { QueryBuilderConstraintContract } from '../../../contracts/main.ts'
import { sentenceCase } from '../../resource/labels.ts'
import { attributeProblem, scalarString } from './filter_value.ts'
import { escapeLike } from '../../../support/search_sql.ts'
import {
  hasOption,
  optionEntries,
  type FieldOptions,
  type OptionEntry,
} from '../../../support/option_entries.ts'
import { optionLabel, optionList } from '../../../i18n/option_labels.ts'

/**
 * One accepted rule of a query-builder filter: a declared constraint, one
 * of its operators and the value that operator takes (null for operators
 * without a value, such as `isBlank`).
 */
export interface QueryBuilderRule {
  /** The declared constraint's name (a column or a relationship) */
  column: string
  operator: string
  value: string | number | null
}

/**
 * What a constraint's operator does to the query.
 */
interface ConstraintSql {
  query: any
  column: string
  value: any
  model: LucidModel
  attribute: string
  timeZone: string
}

/**
 * One operator of a constraint: the kind of value it takes and its SQL.
 */
interface Operator {
  input: 'text' | 'number' | 'date' | 'select' | 'none'
  apply(sql: ConstraintSql): void
}

const DECIMAL = /^-?[0-9]{1,15}(\.[0-9]{1,10})?$/
const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/

/**
 * A case-insensitive LIKE of a pattern on a column, with `!` as the escape.
 */
function whereLike(query: any, column: string, pattern: string, negate = false) {
  const dialect: string = query.client?.dialect?.name ?? ''
  const sql =
    dialect === 'postgres'
      ? `?? ILIKE ? ESCAPE '!'`
      : dialect === 'mysql'
        ? `?? LIKE ? ESCAPE '!'`
        : `LOWER(??) LIKE ? ESCAPE '!'`
  const bindings = [column, pattern.toLowerCase()]
  if (negate) {
    query.where((group: any) => group.whereNull(column).orWhereRaw(`NOT (${sql})`, bindings))
  } else {
    query.whereRaw(sql, bindings)
  }
}

/**
 * A day boundary of a datetime column in a time zone, as the database stores it (UTC).
 */
function dayStart(query: any, day: string, zone: string, plusDays = 0) {
  const format: string = query.client?.dialect?.dateTimeFormat ?? 'yyyy-MM-dd HH:mm:ss'
  return DateTime.fromFormat(day, 'yyyy-MM-dd', { zone })
    .plus({ days: plusDays })
    .toUTC()
    .toFormat(format)
}

const BLANK: Record<string, Operator> = {
  isBlank: { input: 'none', apply: ({ query, column }) => query.whereNull(column) },
  isFilled: { input: 'none', apply: ({ query, column }) => query.whereNotNull(column) },
}

const TEXT_OPERATORS: Record<string, Operator> = {
  contains: {
    input: 'text',
    apply: ({ query, column, value }) => whereLike(query, column, `%${escapeLike(value)}%`),
  },
  notContains: {
    input: 'text',
    apply: ({ query, column, value }) => whereLike(query, column, `%${escapeLike(value)}%`, true),
  },
  startsWith: {
    input: 'text',
    apply: ({ query, column, value }) => whereLike(query, column, `${escapeLike(value)}%`),
  },
  endsWith: {
    input: 'text',
    apply: ({ query, column, value }) => whereLike(query, column, `%${escapeLike(value)}`),
  },
  equals: { input: 'text', apply: ({ query, column, value }) => query.where(column, value) },
  notEquals: {
    input: 'text',
    apply: ({ query, column, value }) =>
      query.where((group: any) => group.whereNull(column).orWhereNot(column, value)),
  },
  ...BLANK,
}

const NUMBER_OPERATORS: Record<string, Operator> = {
  equals: { input: 'number', apply: ({ query, column, value }) => query.where(column, value) },
  notEquals: {
    input: 'number',
    apply: ({ query, column, value }) =>
      query.where((group: any) => group.whereNull(column).orWhereNot(column, value)),
  },
  greaterThan: {
    input: 'number',
    apply: ({ query, column, value }) => query.where(column, '>', value),
  },
  greaterThanOrEqual: {
    input: 'number',
    apply: ({ query, column, value }) => query.where(column, '>=', value),
  },
  lessThan: {
    input: 'number',
    apply: ({ query, column, value }) => query.where(column, '<', value),
  },
  lessThanOrEqual: {
    input: 'number',
    apply: ({ query, column, value }) => query.where(column, '<=', value),
  },
  ...BLANK,
}

/**
 * Date operators: on a `@column.date` the days compare as written; on a
 * `@column.dateTime` a day runs from midnight to midnight in the panel's
 * time zone.
 */
function dateOperator(compare: 'is' | 'before' | 'after'): Operator {
  return {
    input: 'date',
    apply: ({ query, column, value, model, attribute, timeZone }) => {
      const datetime = model.$getColumn(attribute)?.meta?.type === 'datetime'
      if (!datetime) {
        const sign = compare === 'is' ? '=' : compare === 'before' ? '<' : '>'
        query.where(column, sign, value)
        return
      }
      if (compare === 'before') {
        query.where(column, '<', dayStart(query, value, timeZone))
      } else if (compare === 'after') {
        query.where(column, '>=', dayStart(query, value, timeZone, 1))
      } else {
        query
          .where(column, '>=', dayStart(query, value, timeZone))
          .where(column, '<', dayStart(query, value, timeZone, 1))
      }
    },
  }
}

const DATE_OPERATORS: Record<string, Operator> = {
  is: dateOperator('is'),
  before: dateOperator('before'),
  after: dateOperator('after'),
  ...BLANK,
}

const BOOLEAN_OPERATORS: Record<string, Operator> = {
  isTrue: { input: 'none', apply: ({ query, column }) => query.where(column, true) },
  isFalse: { input: 'none', apply: ({ query, column }) => query.where(column, false) },
  ...BLANK,
}

const SELECT_OPERATORS: Record<string, Operator> = {
  is: { input: 'select', apply: ({ query, column, value }) => query.where(column, value) },
  isNot: {
    input: 'select',
    apply: ({ query, column, value }) =>
      query.where((group: any) => group.whereNull(column).orWhereNot(column, value)),
  },
  ...BLANK,
}

/**
 * A constraint of a query-builder filter: one declared model column (or,
 * for a relationship constraint, one declared relationship) and the
 * operators it offers. Rules naming anything else never reach SQL.
 */
export abstract class Constraint {
  #label?: string
  #operators: string[] | null = null

  constructor(
    /** Model property (or relationship) the constraint compares */
    readonly name: string
  ) {}

  /**
   * Create a constraint.
   */
  static make<T>(this: new (name: string) => T, name: string): T {
    return new this(name)
  }

  /**
   * Label shown in the builder (default: the name in sentence case).
   */
  label(label: string): this {
    this.#label = label
    return this
  }

  /**
   * Offer only some of the kind's operators.
   *
   * @example
   * ```ts
   * TextConstraint.make('title').operators(['contains', 'equals'])
   * ```
   */
  operators(operators: string[]): this {
    const known = Object.keys(this.allOperators())
    const unknown = operators.filter((operator) => !known.includes(operator))
    if (unknown.length || !operators.length) {
      throw new TypeError(
        `Constraint "${this.name}": operators() takes some of ${known.join(', ')}; got ${JSON.stringify(operators)}`
      )
    }
    this.#operators = [...operators]
    return this
  }

  getLabel() {
    return this.#label ?? sentenceCase(this.name)
  }

  /** Every operator of the kind */
  protected abstract allOperators(): Record<string, Operator>

  /** The kind of the constraint in the contract */
  protected abstract kind(): QueryBuilderConstraintContract['type']

  /**
   * The declared operators with their definitions.
   */
  declaredOperators(): Record<string, Operator> {
    const all = this.allOperators()
    const names = this.#operators ?? Object.keys(all)
    return Object.fromEntries(names.map((name) => [name, all[name]]))
  }

  /**
   * The accepted value of an operator, or undefined (the rule is ignored).
   */
  parseValue(operator: Operator, raw: unknown): string | number | null | undefined {
    if (operator.input === 'none') return null
    const text = scalarString(typeof raw === 'number' ? String(raw) : raw)?.trim()
    if (!text) return undefined
    if (operator.input === 'number') return DECIMAL.test(text) ? Number(text) : undefined
    if (operator.input === 'date') {
      return DAY.test(text) && DateTime.fromFormat(text, 'yyyy-MM-dd').isValid ? text : undefined
    }
    return text.replaceAll('\0', '')
  }

  /**
   * Narrow the query to one accepted rule.
   */
  apply(query: any, rule: QueryBuilderRule, model: LucidModel, column: string, timeZone: string) {
    const operator = this.declaredOperators()[rule.operator]
    operator.apply({ query, column, value: rule.value, model, attribute: this.name, timeZone })
  }

  /**
   * Why the constraint cannot be used on the model (null when it can): its
   * attribute must be a visible column.
   */
  problem(model: LucidModel): string | null {
    return attributeProblem(model, this.name)
  }

  /**
   * Serialize the constraint.
   */
  toContract(): QueryBuilderConstraintContract {
    return {
      name: this.name,
      label: this.getLabel(),
      type: this.kind(),
      operators: Object.entries(this.declaredOperators()).map(([name, operator]) => ({
        name,
        input: operator.input,
      })),
    }
  }

  /**
   * The text of an accepted value in an indicator.
   */
  valueLabel(value: string | number | null): string {
    return value === null ? '' : String(value)
  }
}

/**
 * A text column: contains, does not contain, starts with, ends with,
 * equals, does not equal, is blank, is filled (case-insensitive, LIKE
 * wildcards matched literally).
 */
export class TextConstraint extends Constraint {
  protected allOperators() {
    return TEXT_OPERATORS
  }

  protected kind() {
    return 'text' as const
  }
}

/**
 * A numeric column: equals, does not equal, greater/less than (or equal),
 * is blank, is filled. Values must be plain decimal numbers.
 */
export class NumberConstraint extends Constraint {
  protected allOperators() {
    return NUMBER_OPERATORS
  }

  protected kind() {
    return 'number' as const
  }
}

/**
 * A date or datetime column: is, before, after a day (`YYYY-MM-DD`), is
 * blank, is filled. Datetime days are those of the panel's time zone.
 */
export class DateConstraint extends Constraint {
  protected allOperators() {
    return DATE_OPERATORS
  }

  protected kind() {
    return 'date' as const
  }

  problem(model: LucidModel): string | null {
    const type = model.$getColumn(this.name)?.meta?.type
    return (
      super.problem(model) ??
      (type === 'date' || type === 'datetime'
        ? null
        : `is not a @column.date or @column.dateTime of ${model.name}`)
    )
  }
}

/**
 * A boolean column: is true, is false, is blank, is filled.
 */
export class BooleanConstraint extends Constraint {
  protected allOperators() {
    return BOOLEAN_OPERATORS
  }

  protected kind() {
    return 'boolean' as const
  }
}

/**
 * A column with declared options: is, is not, is blank, is filled. A value
 * outside the options is ignored.
 */
export class SelectConstraint extends Constraint {
  #options: OptionEntry[] = []

  /**
   * The options: a map of value to label (one text, or one per locale), or
   * a list of values.
   */
  options(options: FieldOptions): this {
    this.#options = optionEntries(options)
    return this
  }

  protected allOperators() {
    return SELECT_OPERATORS
  }

  protected kind() {
    return 'select' as const
  }

  parseValue(operator: Operator, raw: unknown) {
    if (operator.input === 'none') return null
    return typeof raw === 'string' && hasOption(this.#options, raw) ? raw : undefined
  }

  valueLabel(value: string | number | null): string {
    return value === null ? '' : (optionLabel(this.#options, value) ?? String(value))
  }

  toContract(): QueryBuilderConstraintContract {
    return {
      ...super.toContract(),
      options: optionList(this.#options),
    }
  }
}

const RELATIONSHIP_OPERATORS: Record<string, Operator> = {
  exists: { input: 'none', apply: ({ query, column }) => query.has(column) },
  doesntExist: { input: 'none', apply: ({ query, column }) => query.doesntHave(column) },
  countEquals: {
    input: 'number',
    apply: ({ query, column, value }) => query.has(column, '=', value),
  },
  countGreaterThan: {
    input: 'number',
    apply: ({ query, column, value }) => query.has(column, '>', value),
  },
  countLessThan: {
    input: 'number',
    apply: ({ query, column, value }) => query.has(column, '<', value),
  },
}

/**
 * A relationship of the model: has some, has none, or has a number of
 * related records (equal to, more than, fewer than). Counts are whole
 * numbers.
 *
 * @example
 * ```ts
 * RelationshipConstraint.make('comments').label('Comments')
 * ```
 */
export class RelationshipConstraint extends Constraint {
  protected allOperators() {
    return RELATIONSHIP_OPERATORS
  }

  protected kind() {
    return 'relationship' as const
  }

  parseValue(operator: Operator, raw: unknown) {
    const value = super.parseValue(operator, raw)
    return typeof value === 'number' && !(Number.isInteger(value) && value >= 0) ? undefined : value
  }

  apply(query: any, rule: QueryBuilderRule, model: LucidModel, _column: string, timeZone: string) {
    const operator = this.declaredOperators()[rule.operator]
    operator.apply({
      query,
      column: this.name,
      value: rule.value,
      model,
      attribute: this.name,
      timeZone,
    })
  }

  problem(model: LucidModel): string | null {
    return model.$hasRelation(this.name) ? null : `is not a relationship of ${model.name}`
  }
}
