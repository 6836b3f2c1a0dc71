import { defineComponent, h, ref, watch, type PropType } from 'vue'
import type { QueryBuilderFilterContract } from '../../renderers/types.ts'
import type { TableQueryChange } from '../../renderers/shared.ts'
import {
  completeRules,
  newRule,
  ruleConstraint,
  ruleInput,
  type DraftRule,
} from '../../renderers/table_columns.ts'
import { KitIcon } from '../icons.ts'
import { useText } from '../text.ts'

/**
 * A query-builder filter: rows of column, operator and value; "Apply"
 * sends the complete rules (the server keeps only declared ones).
 */
export const QueryBuilder = defineComponent({
  name: 'KitQueryBuilder',
  props: {
    filter: { type: Object as PropType<QueryBuilderFilterContract>, required: true },
    id: { type: String, required: true },
    go: { type: Function as PropType<(change: TableQueryChange) => void>, required: true },
  },
  setup(props) {
    const t = useText()
    const rules = ref<DraftRule[]>([...(props.filter.value ?? [])])
    watch(
      () => JSON.stringify(props.filter.value ?? []),
      () => (rules.value = [...(props.filter.value ?? [])])
    )
    const update = (index: number, change: Partial<DraftRule>) => {
      rules.value = rules.value.map((rule, position) => {
        if (position !== index) return rule
        if (change.column !== undefined) return newRule(props.filter, change.column)
        const next = { ...rule, ...change }
        if (change.operator !== undefined && ruleInput(props.filter, next) === 'none') {
          next.value = null
        }
        return next
      })
    }
    const apply = () =>
      props.go({ filters: { [props.filter.name]: completeRules(props.filter, rules.value) } })
    const target = (event: Event) => (event.target as HTMLInputElement).value

    return () => {
      const filter = props.filter
      return h('fieldset', { class: 'kit-filter kit-query-builder' }, [
        h('legend', filter.label),
        ...rules.value.map((rule, index) => {
          const constraint = ruleConstraint(filter, rule)
          const input = ruleInput(filter, rule)
          const rowId = `${props.id}-${index}`
          return h('div', { class: 'kit-query-rule', key: index }, [
            h('label', { class: 'kit-sr-only', for: `${rowId}-column` }, t('queryBuilder.column')),
            h(
              'select',
              {
                id: `${rowId}-column`,
                value: rule.column,
                onChange: (event: Event) => update(index, { column: target(event) }),
              },
              filter.constraints.map((candidate) =>
                h(
                  'option',
                  {
                    key: candidate.name,
                    value: candidate.name,
                    selected: candidate.name === rule.column,
                  },
                  candidate.label
                )
              )
            ),
            h(
              'label',
              { class: 'kit-sr-only', for: `${rowId}-operator` },
              t('queryBuilder.operatorLabel')
            ),
            h(
              'select',
              {
                id: `${rowId}-operator`,
                value: rule.operator,
                onChange: (event: Event) => update(index, { operator: target(event) }),
              },
              (constraint?.operators ?? []).map((operator) =>
                h(
                  'option',
                  {
                    key: operator.name,
                    value: operator.name,
                    selected: operator.name === rule.operator,
                  },
                  t(`queryBuilder.operator.${operator.name}`)
                )
              )
            ),
            ...(input === 'none'
              ? []
              : [
                  h(
                    'label',
                    { class: 'kit-sr-only', for: `${rowId}-value` },
                    t('queryBuilder.value')
                  ),
                  input === 'select'
                    ? h(
                        'select',
                        {
                          id: `${rowId}-value`,
                          value: String(rule.value ?? ''),
                          onChange: (event: Event) => update(index, { value: target(event) }),
                        },
                        (constraint?.options ?? []).map((option) =>
                          h(
                            'option',
                            {
                              key: option.value,
                              value: option.value,
                              selected: option.value === String(rule.value ?? ''),
                            },
                            option.label
                          )
                        )
                      )
                    : h('input', {
                        id: `${rowId}-value`,
                        type: input === 'number' ? 'number' : input === 'date' ? 'date' : 'text',
                        step: input === 'number' ? 'any' : undefined,
                        value: rule.value === null ? '' : String(rule.value),
                        onInput: (event: Event) => update(index, { value: target(event) }),
                        onKeydown: (event: KeyboardEvent) => {
                          if (event.key === 'Enter') {
                            event.preventDefault()
                            apply()
                          }
                        },
                      }),
                ]),
            h(
              'button',
              {
                'type': 'button',
                'class': 'kit-button',
                'aria-label': t('queryBuilder.removeRule'),
                'onClick': () =>
                  (rules.value = rules.value.filter((_, position) => position !== index)),
              },
              [h(KitIcon, { name: 'x-mark' })]
            ),
          ])
        }),
        h('div', { class: 'kit-query-actions' }, [
          h(
            'button',
            {
              type: 'button',
              class: 'kit-button',
              onClick: () => (rules.value = [...rules.value, newRule(filter)]),
            },
            [h(KitIcon, { name: 'plus' }), t('queryBuilder.addRule')]
          ),
          h(
            'button',
            { type: 'button', class: 'kit-button kit-button-primary', onClick: apply },
            t('queryBuilder.apply')
          ),
        ]),
      ])
    }
  },
})
