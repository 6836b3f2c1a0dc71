import { defineComponent, h, shallowRef, watch, type PropType, type VNode } from 'vue'
import { TagsInput, useTagsInput, type UseTagsInputProps } from '@ark-ui/vue/tags-input'
import type { FormValue, TagsInputContract } from '../../renderers/types.ts'
import { useText } from '../text.ts'
import { part, type ControlProps } from './field_props.ts'

const asTags = (value: FormValue): string[] => (Array.isArray(value) ? value : []).map(String)
const sameTags = (left: string[], right: string[]) =>
  left.length === right.length && left.every((tag, index) => tag === right[index])

/**
 * A list of short strings (Ark UI TagsInput): Enter or a comma adds a tag,
 * Backspace removes the last one.
 *
 * The input's tags are the field's own copy (`held`), read through the
 * input's computed props: a tag added reads the list back at once, so a
 * tag typed before the form has passed the previous one down is never
 * added to an older list. The form's tags from outside replace the copy.
 * The text being typed is the field's own copy as well, cleared as soon as
 * it becomes a tag.
 */
const TagsInputField = defineComponent({
  name: 'TagsInputField',
  props: {
    id: { type: String, required: true },
    field: { type: Object as PropType<TagsInputContract>, required: true },
    value: { type: [Array, String, Number, Boolean, Object] as PropType<FormValue>, default: null },
    invalid: { type: Boolean, default: false },
    describedBy: { type: String, default: undefined },
  },
  emits: ['change'],
  setup(props, { emit }) {
    const t = useText()
    const held = shallowRef(asTags(props.value))
    watch(
      () => asTags(props.value),
      (next) => {
        if (!sameTags(next, held.value)) held.value = next
      }
    )
    /* the text being typed, the field's own copy too */
    const typed = shallowRef('')
    /* set from a tag's Enter until the frame after: the input's clearing still to come */
    let clearing = false
    const options: UseTagsInputProps = {
      ids: { input: props.id },
      get name() {
        return props.field.name
      },
      get modelValue() {
        return held.value
      },
      get inputValue() {
        return typed.value
      },
      onInputValueChange: ({ inputValue }) => {
        /* already cleared with the tag it became (see onValueChange) */
        if (clearing && inputValue === '') {
          clearing = false
          return
        }
        typed.value = inputValue
      },
      get max() {
        return props.field.maxItems ?? undefined
      },
      get maxLength() {
        return props.field.maxLength ?? undefined
      },
      get disabled() {
        return props.field.disabled
      },
      get readOnly() {
        return props.field.readOnly
      },
      get invalid() {
        return props.invalid
      },
      addOnPaste: true,
      delimiter: ',',
      blurBehavior: 'add',
      onValueChange: (details) => {
        /* @ark-ui/vue 5.39 ships @zag-js/tags-input 1.43, which clears its
           input a frame after the tag is added: a key typed within that frame
           was wiped with it. The typed text is cleared here, with the tag it
           became, and the late clearing is let go */
        const fromInput =
          details.value.length > held.value.length && details.value.at(-1) === typed.value.trim()
        held.value = details.value
        if (fromInput) {
          typed.value = ''
          clearing = true
          requestAnimationFrame(() => requestAnimationFrame(() => (clearing = false)))
        }
        emit('change', details.value)
      },
    }
    const tagsInput = useTagsInput(options)
    return () => {
      const { field } = props
      const listId = `${props.id}-suggestions`
      return h(part(TagsInput.RootProvider), { class: 'kit-tags', value: tagsInput.value }, () => [
        h(part(TagsInput.Control), { class: 'kit-tags-control' }, () => [
          ...held.value.map((tag, index) =>
            h(
              part(TagsInput.Item),
              { key: `${tag}-${index}`, index, value: tag, class: 'kit-tag' },
              () => [
                h(part(TagsInput.ItemPreview), { class: 'kit-tag-preview' }, () => [
                  h(part(TagsInput.ItemText), null, () => tag),
                  h(
                    part(TagsInput.ItemDeleteTrigger),
                    {
                      'class': 'kit-tag-remove',
                      'aria-label': t('form.tags.remove', { label: tag }),
                    },
                    () => '×'
                  ),
                ]),
                h(part(TagsInput.ItemInput)),
              ]
            )
          ),
          h(part(TagsInput.Input), {
            'class': 'kit-tags-input',
            'placeholder': field.placeholder ?? t('form.tags.add'),
            'aria-describedby': props.describedBy,
            'list': field.suggestions.length ? listId : undefined,
          }),
        ]),
        field.suggestions.length
          ? h(
              'datalist',
              { id: listId },
              field.suggestions.map((tag) => h('option', { key: tag, value: tag }))
            )
          : null,
        h(part(TagsInput.HiddenInput)),
      ])
    }
  },
})

/**
 * The tags field's control.
 */
export function tagsInputField({
  id,
  field,
  value,
  invalid,
  describedBy,
  onChange,
}: ControlProps<TagsInputContract>): VNode {
  return h(TagsInputField, { id, field, value, invalid, describedBy, onChange })
}
