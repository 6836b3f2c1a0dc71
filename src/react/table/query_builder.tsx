import { useEffect, useMemo, useState } from 'react'
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
import { ChoiceSelect } from '../select_popup.tsx'
import { LazyDateField } from '../fields/lazy_date_field.tsx'
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
  const columnChoices = useMemo(
    () => filter.constraints.map(({ name, label }) => ({ value: name, label })),
    [filter.constraints]
  )
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
            <ChoiceSelect
              id={`${rowId}-column`}
              label={t('queryBuilder.column')}
              hideLabel
              choices={columnChoices}
              value={rule.column}
              onChange={(column) => update(index, { column })}
            />
            <ChoiceSelect
              id={`${rowId}-operator`}
              label={t('queryBuilder.operatorLabel')}
              hideLabel
              choices={(constraint?.operators ?? []).map((operator) => ({
                value: operator.name,
                label: t(`queryBuilder.operator.${operator.name}`),
              }))}
              value={rule.operator}
              onChange={(operator) => update(index, { operator })}
            />
            {input === 'none' ? null : input === 'select' ? (
              <ChoiceSelect
                id={`${rowId}-value`}
                label={t('queryBuilder.value')}
                hideLabel
                choices={constraint?.options ?? []}
                value={String(rule.value ?? '')}
                onChange={(value) => update(index, { value })}
              />
            ) : (
              <>
                <label className="kit-sr-only" htmlFor={`${rowId}-value`}>
                  {t('queryBuilder.value')}
                </label>
                {input === 'date' ? (
                  <LazyDateField
                    id={`${rowId}-value`}
                    name={`${rowId}-value`}
                    withTime={false}
                    value={typeof rule.value === 'string' ? rule.value : null}
                    onChange={(value) => update(index, { value })}
                  />
                ) : (
                  <input
                    id={`${rowId}-value`}
                    type={input === 'number' ? 'number' : 'text'}
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
