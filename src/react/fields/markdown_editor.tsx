import type { FormValue, MarkdownEditorContract } from '../../renderers/types.ts'
import { useText } from '../text.tsx'

interface MarkdownEditorFieldProps {
  id: string
  field: MarkdownEditorContract
  value: FormValue
  describedBy?: string
  invalid: boolean
  onChange: (value: FormValue) => void
}

/**
 * A Markdown source textarea; the server removes raw HTML and unsafe link
 * targets before storing it.
 */
export function MarkdownEditorField({
  id,
  field,
  value,
  describedBy,
  invalid,
  onChange,
}: MarkdownEditorFieldProps) {
  const t = useText()
  const hintId = `${id}-hint`
  return (
    <>
      <textarea
        id={id}
        name={field.name}
        className="kit-markdown"
        rows={field.rows}
        spellCheck
        aria-invalid={invalid || undefined}
        aria-required={field.required || undefined}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        value={String(value ?? '')}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="kit-description">
        {t('markdown.hint')}
      </p>
    </>
  )
}
