import { h, type VNode } from 'vue'
import { TagsInput } from '@ark-ui/vue/tags-input'
import type { TagsInputContract } from '../../renderers/types.ts'
import type { KitText } from '../../renderers/text.ts'
import { part, type ControlProps } from './field_props.ts'

/**
 * A list of short strings (Ark UI TagsInput): Enter or a comma adds a tag,
 * Backspace removes the last one.
 */
export function tagsInputField(
  { id, field, value, invalid, describedBy, onChange }: ControlProps<TagsInputContract>,
  t: KitText
): VNode {
  const tags = (Array.isArray(value) ? value : []).map(String)
  const listId = `${id}-suggestions`
  return h(
    part(TagsInput.Root),
    {
      'class': 'kit-tags',
      'ids': { input: id },
      'name': field.name,
      'modelValue': tags,
      'max': field.maxItems ?? undefined,
      'maxLength': field.maxLength ?? undefined,
      'disabled': field.disabled,
      'readOnly': field.readOnly,
      'invalid': invalid,
      'addOnPaste': true,
      'delimiter': ',',
      'blurBehavior': 'add',
      'onUpdate:modelValue': (next: string[]) => onChange(next),
    },
    () => [
      h(part(TagsInput.Control), { class: 'kit-tags-control' }, () => [
        ...tags.map((tag, index) =>
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
          'aria-describedby': describedBy,
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
    ]
  )
}
