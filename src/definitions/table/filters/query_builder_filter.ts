import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { QueryBuilderFilterContract } from '../../../contracts/main.ts'
import { sqlColumn } from '../../../support/sql.ts'
import { BaseFilter, type FilterIndicator } from './base_filter.ts'
import type { KitTranslator } from '../../../i18n/translator.ts'
import type { Constraint, QueryBuilderRule } from './query_builder_constraints.ts'

/**
 * Most rules one query-builder filter applies (more are ignored).
 */
export const MAX_QUERY_BUILDER_RULES = 10

/**
 * A filter made of rules a person composes: each rule names one declared
 * constraint (a column or a relationship), one of its declared operators
 * and a value. All rules must match (AND).
 *
 * `filters[advanced][0][column]=title&filters[advanced][0][operator]=contains&filters[advanced][0][value]=kit`
 *
 * A rule naming an undeclared or hidden column, an operator the
 * constraint does not declare, or a value the operator cannot take is
 * dropped before any SQL is built (the page answers as without it). A
 * constraint on a hidden or missing column fails at boot.
 *
 * @example
 * ```ts
 * QueryBuilderFilter.make('advanced').constraints([
 *   TextConstraint.make('title'),
 *   NumberConstraint.make('priceCents').label('Price (cents)'),
 *   DateConstraint.make('publishedAt'),
 *   BooleanConstraint.make('isActive'),
 *   SelectConstraint.make('status').options({ draft: 'Draft', published: 'Published' }),
 *   RelationshipConstraint.make('comments'),
 * ])
 * ```
 */
export class QueryBuilderFilter extends BaseFilter<QueryBuilderRule[]> {
  #constraints: Constraint[] = []

  /**
   * Declare the constraints a rule may use.
   */
  constraints(constraints: Constraint[]): this {
    this.#constraints = [...constraints]
    return this
  }

  getConstraints(): readonly Constraint[] {
    return this.#constraints
  }

  getConstraint(name: unknown): Constraint | undefined {
    return typeof name === 'string'
      ? this.#constraints.find((constraint) => constraint.name === name)
      : undefined
  }

  /**
   * The accepted rules of a raw query-string value, or null: a list (or an
   * object with numeric keys, as the query string parser gives) of
   * `{ column, operator, value }`; rules that are not accepted are dropped.
   */
  parse(raw: unknown): QueryBuilderRule[] | null {
    const submitted = Array.isArray(raw)
      ? raw
      : raw && typeof raw === 'object'
        ? Object.keys(raw)
            .filter((key) => /^[0-9]{1,3}$/.test(key))
            .sort((a, b) => Number(a) - Number(b))
            .map((key) => (raw as Record<string, unknown>)[key])
        : []
    const rules: QueryBuilderRule[] = []
    for (const item of submitted.slice(0, MAX_QUERY_BUILDER_RULES)) {
      const rule = this.parseRule(item)
      if (rule) rules.push(rule)
    }
    return rules.length ? rules : null
  }

  /**
   * One accepted rule, or null.
   */
  parseRule(item: unknown): QueryBuilderRule | null {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return null
    const { column, operator, value } = item as Record<string, unknown>
    const constraint = this.getConstraint(column)
    if (!constraint || typeof operator !== 'string') return null
    const operators = constraint.declaredOperators()
    if (!Object.hasOwn(operators, operator)) return null
    const accepted = constraint.parseValue(operators[operator], value)
    if (accepted === undefined) return null
    return { column: constraint.name, operator, value: accepted }
  }

  /**
   * Narrow the query to every accepted rule (without a custom query).
   */
  apply(
    query: any,
    _column: string,
    rules: QueryBuilderRule[],
    model: LucidModel,
    timeZone = 'UTC'
  ) {
    for (const rule of rules) {
      const constraint = this.getConstraint(rule.column)!
      constraint.apply(query, rule, model, sqlColumn(model, constraint.name), timeZone)
    }
  }

  /**
   * Every constraint must be usable on the model (a visible column of the
   * right kind, or a relationship).
   */
  problem(model: LucidModel): string | null {
    if (!this.#constraints.length) return 'declares no constraints'
    for (const constraint of this.#constraints) {
      const problem = constraint.problem(model)
      if (problem) return `has a constraint "${constraint.name}", which ${problem}`
    }
    return null
  }

  /**
   * Hook: one indicator per rule (removing it removes that rule).
   */
  indicators(value: QueryBuilderRule[], t: KitTranslator['t']): FilterIndicator[] {
    const contract = this.toContract(value)
    return (contract.value ?? []).map((rule, index) => {
      const constraint = contract.constraints.find((candidate) => candidate.name === rule.column)
      const shown =
        rule.value === null
          ? ''
          : ` ${constraint?.options?.find((option) => option.value === rule.value)?.label ?? rule.value}`
      return {
        rule: index,
        label: `${constraint?.label ?? rule.column} ${t(`queryBuilder.operator.${rule.operator}`)}${shown}`,
      }
    })
  }

  /**
   * Serialize the filter with its current rules.
   */
  toContract(value: unknown): QueryBuilderFilterContract {
    return {
      name: this.name,
      label: this.getLabel(),
      type: 'queryBuilder',
      constraints: this.#constraints.map((constraint) => constraint.toContract()),
      value: Array.isArray(value) && value.length ? (value as QueryBuilderRule[]) : null,
    }
  }
}
