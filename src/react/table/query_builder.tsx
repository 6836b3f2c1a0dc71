import { useEffect, useState } from 'react'
import type { QueryBuilderFilterContract } from '../../renderers/types.ts'
import type { TableQueryChange } from '../../renderers/shared.ts'
import {
  completeRules,
  newRule,
  ruleConstraint,
  ruleInput,
  type DraftRule,
} from '../../renderers/table_columns.ts'
import { KitIcon } from '../icons.tsx'
import { useText } from '../text.tsx'

/**
 * A query-builder filter: rows of column, operator and value; "Apply"
 * sends the complete rules (the server keeps only declared ones).
 */
export function QueryBuilder({
  filter,
  id,
  go,
}: {
  filter: QueryBuilderFilterContract
  id: string
  go: (change: TableQueryChange) => void
}) {
  const t = useText()
  const [rules, setRules] = useState<DraftRule[]>(() => filter.value ?? [])
  const applied = JSON.stringify(filter.value ?? [])
  useEffect(() => setRules(filter.value ?? []), [applied])
  const update = (index: number, change: Partial<DraftRule>) =>
    setRules((current) =>
      current.map((rule, position) => {
        if (position !== index) return rule
        if (change.column !== undefined) return newRule(filter, change.column)
        const next = { ...rule, ...change }
        if (change.operator !== undefined && ruleInput(filter, next) === 'none') next.value = null
        return next
      })
    )
  return (
    <fieldset className="kit-filter kit-query-builder">
      <legend>{filter.label}</legend>
      {rules.map((rule, index) => {
        const constraint = ruleConstraint(filter, rule)
        const input = ruleInput(filter, rule)
        const rowId = `${id}-${index}`
        return (
          <div className="kit-query-rule" key={index}>
            <label className="kit-sr-only" htmlFor={`${rowId}-column`}>
              {t('queryBuilder.column')}
            </label>
            <select
              id={`${rowId}-column`}
              value={rule.column}
              onChange={(event) => update(index, { column: event.target.value })}
            >
              {filter.constraints.map((candidate) => (
                <option key={candidate.name} value={candidate.name}>
                  {candidate.label}
                </option>
              ))}
            </select>
            <label className="kit-sr-only" htmlFor={`${rowId}-operator`}>
              {t('queryBuilder.operatorLabel')}
            </label>
            <select
              id={`${rowId}-operator`}
              value={rule.operator}
              onChange={(event) => update(index, { operator: event.target.value })}
            >
              {constraint?.operators.map((operator) => (
                <option key={operator.name} value={operator.name}>
                  {t(`queryBuilder.operator.${operator.name}`)}
                </option>
              ))}
            </select>
            {input === 'none' ? null : (
              <>
                <label className="kit-sr-only" htmlFor={`${rowId}-value`}>
                  {t('queryBuilder.value')}
                </label>
                {input === 'select' ? (
                  <select
                    id={`${rowId}-value`}
                    value={String(rule.value ?? '')}
                    onChange={(event) => update(index, { value: event.target.value })}
                  >
                    {constraint?.options?.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={`${rowId}-value`}
                    type={input === 'number' ? 'number' : input === 'date' ? 'date' : 'text'}
                    step={input === 'number' ? 'any' : undefined}
                    value={rule.value === null ? '' : String(rule.value)}
                    onChange={(event) => update(index, { value: event.target.value })}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault()
                        go({ filters: { [filter.name]: completeRules(filter, rules) } })
                      }
                    }}
                  />
                )}
              </>
            )}
            <button
              type="button"
              className="kit-button"
              aria-label={t('queryBuilder.removeRule')}
              onClick={() =>
                setRules((current) => current.filter((_, position) => position !== index))
              }
            >
              <KitIcon name="x-mark" />
            </button>
          </div>
        )
      })}
      <div className="kit-query-actions">
        <button
          type="button"
          className="kit-button"
          onClick={() => setRules((current) => [...current, newRule(filter)])}
        >
          <KitIcon name="plus" />
          {t('queryBuilder.addRule')}
        </button>
        <button
          type="button"
          className="kit-button kit-button-primary"
          onClick={() => go({ filters: { [filter.name]: completeRules(filter, rules) } })}
        >
          {t('queryBuilder.apply')}
        </button>
      </div>
    </fieldset>
  )
}
