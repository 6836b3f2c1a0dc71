import { TagsInput } from '@ark-ui/react/tags-input'
import type { TagsInputContract } from '../../renderers/types.ts'
import { useText } from '../text.tsx'
import type { ControlProps } from './field_props.ts'

/**
 * A list of short strings (Ark UI TagsInput): Enter or a comma adds a tag,
 * Backspace removes the last one.
 */
export function TagsInputField({
  id,
  field,
  value,
  invalid,
  describedBy,
  onChange,
}: ControlProps<TagsInputContract>) {
  const t = useText()
  const tags = (Array.isArray(value) ? value : []).map(String)
  const listId = `${id}-suggestions`
  return (
    <TagsInput.Root
      className="kit-tags"
      ids={{ input: id }}
      name={field.name}
      value={tags}
      max={field.maxItems ?? undefined}
      maxLength={field.maxLength ?? undefined}
      disabled={field.disabled}
      readOnly={field.readOnly}
      invalid={invalid}
      addOnPaste
      delimiter=","
      blurBehavior="add"
      onValueChange={(details) => onChange(details.value)}
    >
      <TagsInput.Control className="kit-tags-control">
        {tags.map((tag, index) => (
          <TagsInput.Item key={`${tag}-${index}`} index={index} value={tag} className="kit-tag">
            <TagsInput.ItemPreview className="kit-tag-preview">
              <TagsInput.ItemText>{tag}</TagsInput.ItemText>
              <TagsInput.ItemDeleteTrigger
                className="kit-tag-remove"
                aria-label={t('form.tags.remove', { label: tag })}
              >
                ×
              </TagsInput.ItemDeleteTrigger>
            </TagsInput.ItemPreview>
            <TagsInput.ItemInput />
          </TagsInput.Item>
        ))}
        <TagsInput.Input
          className="kit-tags-input"
          placeholder={field.placeholder ?? t('form.tags.add')}
          aria-describedby={describedBy}
          list={field.suggestions.length ? listId : undefined}
        />
      </TagsInput.Control>
      {field.suggestions.length ? (
        <datalist id={listId}>
          {field.suggestions.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      ) : null}
      <TagsInput.HiddenInput />
    </TagsInput.Root>
  )
}
