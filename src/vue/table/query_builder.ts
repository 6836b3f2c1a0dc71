import { computed, defineComponent, h, ref, watch, type PropType } from 'vue'
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
import { ChoiceSelect } from '../select_popup.ts'
import { LazyDateField } from '../fields/lazy_date_field.ts'
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
    const columnChoices = computed(() =>
      props.filter.constraints.map(({ name, label }) => ({ value: name, label }))
    )
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
            h(ChoiceSelect, {
              id: `${rowId}-column`,
              label: t('queryBuilder.column'),
              hideLabel: true,
              choices: columnChoices.value,
              value: rule.column,
              onChange: (column: string) => update(index, { column }),
            }),
            h(ChoiceSelect, {
              id: `${rowId}-operator`,
              label: t('queryBuilder.operatorLabel'),
              hideLabel: true,
              choices: (constraint?.operators ?? []).map((operator) => ({
                value: operator.name,
                label: t(`queryBuilder.operator.${operator.name}`),
              })),
              value: rule.operator,
              onChange: (operator: string) => update(index, { operator }),
            }),
            ...(input === 'none'
              ? []
              : input === 'select'
                ? [
                    h(ChoiceSelect, {
                      id: `${rowId}-value`,
                      label: t('queryBuilder.value'),
                      hideLabel: true,
                      choices: constraint?.options ?? [],
                      value: String(rule.value ?? ''),
                      onChange: (value: string) => update(index, { value }),
                    }),
                  ]
                : [
                    h(
                      'label',
                      { class: 'kit-sr-only', for: `${rowId}-value` },
                      t('queryBuilder.value')
                    ),
                    input === 'date'
                      ? h(LazyDateField, {
                          id: `${rowId}-value`,
                          name: `${rowId}-value`,
                          value: typeof rule.value === 'string' ? rule.value : null,
                          onChange: (value: string | null) => update(index, { value }),
                        })
                      : h('input', {
                          id: `${rowId}-value`,
                          type: input === 'number' ? 'number' : 'text',
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
