import { defineComponent, h, onBeforeUnmount, ref, watch, type PropType } from 'vue'
import {
  FORM_FILTER_TYPING_DELAY,
  formFilterValue,
  isTypedFilterField,
  type TableQueryChange,
} from '../../renderers/table_state.ts'
import type { FormFieldContract, FormFilterContract, FormValue } from '../../renderers/types.ts'
import { renderField } from '../resource_form.ts'

/**
 * A form filter (`Filter.make().form()`): its fields, each drawn by the
 * form's component. A select, date or toggle applies at once; a typed
 * field after a pause of {@link FORM_FILTER_TYPING_DELAY} ms.
 */
export const FormFilter = defineComponent({
  name: 'KitFormFilter',
  props: {
    filter: { type: Object as PropType<FormFilterContract>, required: true },
    id: { type: String, required: true },
    go: { type: Function as PropType<(change: TableQueryChange) => void>, required: true },
  },
  setup(props) {
    const values = ref<Record<string, FormValue>>({ ...props.filter.value })
    let timer: ReturnType<typeof setTimeout> | null = null
    const applied = () => JSON.stringify(props.filter.value)

    /* the applied value changed elsewhere (an indicator removed, history):
       the fields show it, unless a typed change is waiting */
    watch(applied, () => {
      if (!timer) values.value = { ...props.filter.value }
    })
    onBeforeUnmount(() => clearTimeout(timer ?? undefined))

    const apply = () => {
      clearTimeout(timer ?? undefined)
      timer = null
      const value = formFilterValue(values.value)
      if (JSON.stringify(value) !== applied()) props.go({ filters: { [props.filter.name]: value } })
    }
    const change = (field: FormFieldContract, value: FormValue) => {
      values.value = { ...values.value, [field.name]: value }
      if (!isTypedFilterField(field)) return apply()
      clearTimeout(timer ?? undefined)
      timer = setTimeout(apply, FORM_FILTER_TYPING_DELAY)
    }

    return () =>
      h('fieldset', { class: 'kit-filter kit-filter-form' }, [
        h('legend', props.filter.label),
        ...props.filter.fields.map((field) =>
          renderField(
            `${props.id}-${field.name}`,
            field,
            values.value[field.name] ?? null,
            null,
            (value) => change(field, value),
            undefined,
            undefined,
            values.value
          )
        ),
      ])
  },
})
